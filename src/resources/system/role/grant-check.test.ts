import { describe, expect, it } from "vitest";
import { filterNodes, grantedKeys, indexTree, leafState, toggleLeaves, toggleNode, type CheckNode } from "./grant-check";

// 系统管理 > 岗位管理 > [新增, 删除]; 工作台. 系统管理 is disabled in the second tree (not the granter's).
const menus: CheckNode[] = [
  {
    key: "system",
    title: "系统管理",
    children: [{ key: "post", title: "岗位管理", children: [{ key: "post_add", title: "新增" }, { key: "post_delete", title: "删除" }] }],
  },
  { key: "workbench", title: "工作台" },
];

describe("the menu tree (every node a grant)", () => {
  const index = indexTree(menus);

  it("checking a button checks the path to it, and only that button", () => {
    const on = toggleNode(index, new Set(), "post_add", true);
    expect([...on].sort()).toEqual(["post", "post_add", "system"]);
  });

  it("checking a page checks its buttons; unchecking a button keeps the page", () => {
    const page = toggleNode(index, new Set(), "post", true);
    expect([...page].sort()).toEqual(["post", "post_add", "post_delete", "system"]);
    const withoutDelete = toggleNode(index, page, "post_delete", false);
    expect([...withoutDelete].sort()).toEqual(["post", "post_add", "system"]);
    expect(grantedKeys(index, toggleNode(index, withoutDelete, "system", false), "node")).toEqual([]);
  });

  it("never changes nor sends a disabled node (the path to what the granter holds)", () => {
    const limited = indexTree([{ ...menus[0], disabled: true }, menus[1]]);
    const on = toggleNode(limited, new Set(["system"]), "post_add", true);
    expect(grantedKeys(limited, on, "node")).toEqual(["post", "post_add"]);
    expect(toggleNode(limited, on, "post", false).has("system")).toBe(true);
  });
});

describe("a scope tree (only leaves are grants)", () => {
  const scopes: CheckNode[] = [{ key: "post", title: "岗位管理", children: [{ key: "s1", title: "本人" }, { key: "s2", title: "本部门" }] }];
  const index = indexTree(scopes);

  it("a heading checks all its scopes and shows all, some or none", () => {
    const all = toggleLeaves(index, new Set(), "post", true);
    expect([...all].sort()).toEqual(["s1", "s2"]);
    expect(leafState(index, all)).toEqual({ checked: ["post", "s1", "s2"], halfChecked: [] });
    const some = toggleLeaves(index, all, "s2", false);
    expect(leafState(index, some)).toEqual({ checked: ["s1"], halfChecked: ["post"] });
    expect(grantedKeys(index, new Set(["post", "s1"]), "leaf")).toEqual(["s1"]);
  });
});

describe("filtering", () => {
  it("keeps a match with everything below it and the path to it", () => {
    const found = filterNodes(menus, "岗位");
    expect(found).toHaveLength(1);
    expect(found[0].children?.[0].children?.map((c) => c.key)).toEqual(["post_add", "post_delete"]);
    expect(filterNodes(menus, "  ")).toBe(menus);
    expect(filterNodes(menus, "nothing")).toEqual([]);
  });
});
