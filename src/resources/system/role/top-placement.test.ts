import { describe, expect, it } from "vitest";
import { topPlacement } from "./top-placement";

const tree = [
  { key: "work", title: "工作台", children: [{ key: "dash", title: "仪表盘" }] },
  { key: "sys", title: "系统管理", children: [{ key: "user", title: "用户管理" }, { key: "dept", title: "部门管理" }] },
  { key: "session", title: "会话管理" },
];

describe("where the grant dialog says a page is listed", () => {
  it("tags the node where its top menu changes: the held ones by name, the rest as under every top menu", () => {
    const at = topPlacement(tree, [{ id: "t", name: "后台管理", menuIds: ["work", "dash", "dept"] }]);
    expect(Object.fromEntries(at)).toEqual({ work: ["后台管理"], sys: null, dept: ["后台管理"], session: null });
  });

  it("says nothing without top menus", () => {
    expect(topPlacement(tree, undefined).size).toBe(0);
    expect(topPlacement(tree, []).size).toBe(0);
  });
});
