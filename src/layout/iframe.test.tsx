import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import IframePage from "./IframePage";
import { menuPathOf, pageKey, safeFrameUrl, toIframePath } from "./iframe-path";
import { menuNode } from "../testing/harness";

afterEach(cleanup);

describe("toIframePath", () => {
  it("puts the menu item's fields in the query, with the address as src", () => {
    const node = menuNode("42", "报表 & 统计", "https://report.example.com/a.html?x=1&y=2", { source: "chart", children: [menuNode("c", "c", "/c")] });
    const path = toIframePath(node);
    expect(path.startsWith("/myiframe/urlPath?")).toBe(true);
    const q = new URLSearchParams(path.split("?").slice(1).join("?"));
    expect(q.get("src")).toBe("https://report.example.com/a.html?x=1&y=2");
    expect(q.get("name")).toBe("报表 & 统计");
    expect(q.get("id")).toBe("42");
    expect(q.get("source")).toBe("chart");
    expect(q.get("isOpen")).toBe("1");
    expect(q.has("children")).toBe(false);
  });

  it("keys frame pages by their query and reads their menu path back", () => {
    const path = toIframePath(menuNode("1", "a", "/static/a.html"));
    const search = path.slice(path.indexOf("?"));
    expect(pageKey("/myiframe/urlPath", search)).toBe(path);
    expect(pageKey("/system/user", "?current=2")).toBe("/system/user");
    expect(menuPathOf("/myiframe/urlPath", search)).toBe("/static/a.html");
  });

  it("lets only http(s) addresses into a frame", () => {
    expect(safeFrameUrl("https://a.example.com/x")?.href).toBe("https://a.example.com/x");
    expect(safeFrameUrl("/static/a.html", "http://console.local")?.href).toBe("http://console.local/static/a.html");
    expect(safeFrameUrl("javascript:alert(1)")).toBeNull();
    expect(safeFrameUrl("data:text/html,<script>1</script>")).toBeNull();
    expect(safeFrameUrl("")).toBeNull();
  });
});

describe("<IframePage>", () => {
  const show = (src: string) =>
    render(
      <MemoryRouter initialEntries={[`/myiframe/urlPath?name=Report&src=${encodeURIComponent(src)}`]}>
        <IframePage />
      </MemoryRouter>,
    );

  it("frames a foreign http(s) page in a sandbox", () => {
    show("https://report.example.com/a.html");
    const frame = screen.getByTitle("Report") as HTMLIFrameElement;
    expect(frame.src).toBe("https://report.example.com/a.html");
    expect(frame.getAttribute("sandbox")).toContain("allow-scripts");
    expect(frame.getAttribute("sandbox")).toContain("allow-same-origin");
  });

  it("denies same-origin pages the same-origin privilege, so they cannot lift the sandbox", () => {
    show("/static/a.html");
    const frame = screen.getByTitle("Report") as HTMLIFrameElement;
    expect(frame.src).toBe(`${window.location.origin}/static/a.html`);
    expect(frame.getAttribute("sandbox")).not.toContain("allow-same-origin");
  });

  it("refuses other schemes", () => {
    show("javascript:alert(1)");
    expect(screen.queryByTitle("Report")).toBeNull();
    expect(screen.getByText("无效的页面地址")).toBeInTheDocument();
  });
});
