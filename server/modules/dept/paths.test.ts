import { describe, expect, it } from "vitest";
import { ancestorIds, ancestorsUnder, isSelfOrBelow, movedAncestors, normaliseParent, pathOf } from "./paths";

describe("department paths", () => {
  const top = { id: "10", ancestors: "0" };
  const mid = { id: "20", ancestors: "0,10" };
  const low = { id: "30", ancestors: "0,10,20" };

  it("gives a child its parent's path, and the top level the root marker", () => {
    expect(ancestorsUnder(undefined)).toBe("0");
    expect(ancestorsUnder(top)).toBe("0,10");
    expect(ancestorsUnder(mid)).toBe("0,10,20");
    expect(pathOf(low)).toBe("0,10,20,30");
    expect(ancestorIds(low.ancestors)).toEqual(["10", "20"]);
  });

  it("knows which departments cannot become a parent: the department and all below it", () => {
    expect(isSelfOrBelow(top, "10")).toBe(true);
    expect(isSelfOrBelow(low, "10")).toBe(true);
    expect(isSelfOrBelow(low, "20")).toBe(true);
    expect(isSelfOrBelow(top, "20")).toBe(false);
    // 1 is a prefix of 10 in text, never in the list of ids.
    expect(isSelfOrBelow(low, "1")).toBe(false);
  });

  it("rewrites a descendant's ancestors by swapping the moved prefix", () => {
    expect(movedAncestors("0,10,20,30", "0,10", "0,99,10")).toBe("0,99,10,20,30");
    expect(movedAncestors("0,10", "0,10", "0,10")).toBe("0,10");
  });

  it("reads blank and 0 as the top level, absent as no change", () => {
    expect(normaliseParent("")).toBe("0");
    expect(normaliseParent("0")).toBe("0");
    expect(normaliseParent("123")).toBe("123");
    expect(normaliseParent(undefined)).toBeUndefined();
    expect(normaliseParent(null)).toBeUndefined();
  });
});
