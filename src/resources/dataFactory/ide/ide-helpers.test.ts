import { describe, expect, it, vi } from "vitest";
import { consoleLooksOpen, debounce, isParserClosed, setParserClosed } from "./editor-settings";
import { completionFor, MAX_SUGGESTIONS, suggestionsFor, type CatalogTable } from "./suggestions";

const catalog: CatalogTable[] = [
  { name: "ods_user", kind: "table", comment: "用户表", columns: [{ name: "user_id", type: "bigint", comment: "ID" }, { name: "city", type: "string", comment: "城市" }] },
  { name: "dws_city_sales", kind: "view", comment: "汇总", columns: [{ name: "city", type: "string", comment: "城市" }] },
];

/** 100 tables of 5 columns: more names than the 200 suggestions shown at a time. */
const big: CatalogTable[] = Array.from({ length: 100 }, (_, i) => ({
  name: `t${i}`,
  kind: "table",
  comment: "",
  columns: Array.from({ length: 5 }, (_, j) => ({ name: `c${i}_${j}`, type: "int", comment: "" })),
}));

describe("suggestions", () => {
  it("offers keywords, sample tables and their columns, prefix matches first", () => {
    const labels = suggestionsFor("hql", "ci", catalog).map((s) => s.label);
    expect(labels[0]).toBe("city");
    expect(labels).toContain("dws_city_sales");
    expect(suggestionsFor("hql", "sel", catalog)[0]).toMatchObject({ label: "SELECT", kind: "keyword" });
    expect(suggestionsFor("hql", "ods", catalog)[0]).toMatchObject({ label: "ods_user", kind: "table" });
  });

  it("offers catalogue names to HQL only", () => {
    expect(suggestionsFor("python", "ods", catalog)).toEqual([]);
    expect(suggestionsFor("python", "imp", catalog)[0].label).toBe("import");
  });

  it("never offers more than 200", () => {
    expect(suggestionsFor("hql", "", big)).toHaveLength(MAX_SUGGESTIONS);
  });

  it("marks a capped list incomplete, so that a match beyond the first 200 shows as the word grows", () => {
    expect(completionFor("hql", "c", big).incomplete).toBe(true);
    expect(completionFor("hql", "c", big).items.map((s) => s.label)).not.toContain("c99_4");
    const grown = completionFor("hql", "c99", big);
    expect(grown).toMatchObject({ incomplete: false });
    expect(grown.items.map((s) => s.label)).toContain("c99_4");
    expect(completionFor("hql", "ods", catalog).incomplete).toBe(false);
  });
});

describe("editor settings", () => {
  it("remembers the syntax-check switch in local storage", () => {
    setParserClosed(true);
    expect(isParserClosed()).toBe(true);
    expect(Object.keys(localStorage).some((k) => k.endsWith("isParserClose"))).toBe(true);
    setParserClosed(false);
    expect(isParserClosed()).toBe(false);
  });

  it("takes a window larger than its viewport by more than 180 px for an open console", () => {
    expect(consoleLooksOpen({ outerWidth: 1920, innerWidth: 1920, outerHeight: 1080, innerHeight: 990 })).toBe(false);
    // Exactly 180 px is still a closed console (a browser's own toolbars); 181 is not.
    expect(consoleLooksOpen({ outerWidth: 1920, innerWidth: 1740, outerHeight: 1080, innerHeight: 900 })).toBe(false);
    expect(consoleLooksOpen({ outerWidth: 1920, innerWidth: 1739, outerHeight: 1080, innerHeight: 1080 })).toBe(true);
    expect(consoleLooksOpen({ outerWidth: 1920, innerWidth: 1920, outerHeight: 1080, innerHeight: 899 })).toBe(true);
    expect(consoleLooksOpen({ outerWidth: 1920, innerWidth: 1500, outerHeight: 1080, innerHeight: 990 })).toBe(true);
    expect(consoleLooksOpen({ outerWidth: 1920, innerWidth: 1920, outerHeight: 1080, innerHeight: 600 })).toBe(true);
  });

  it("debounces to the last call", () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const d = debounce(fn, 500);
    d(1);
    d(2);
    vi.advanceTimersByTime(499);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledExactlyOnceWith(2);
    d(3);
    d.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
