import { describe, expect, it } from "vitest";
import type { MenuNode } from "../../domain/contract";
import { findActiveTrail, findTrail, flatten, isExternal, isFramed, roleAliases, samePage, visibleFor } from "./menu-tree";

const node = (id: string, name: string, path: string, children?: MenuNode[]): MenuNode => ({
  id, parentId: "0", code: id, name, alias: "menu", path, source: "", sort: 1, category: 1, action: 0, isOpen: 1, children,
});

const tree = [
  node("1", "工作台", "/workbench/index"),
  node("2", "系统管理", "/system", [node("3", "用户管理", "/system/user"), node("4", "密码策略", "/system/cryptographicPolicy/index")]),
];

describe("menu tree helpers", () => {
  it("treats /x and /x/index as the same page", () => {
    expect(samePage("/system/user", "/system/user/index")).toBe(true);
    expect(samePage("/system/cryptographicPolicy/index", "/system/cryptographicPolicy")).toBe(true);
    expect(samePage("/system/user", "/system/users")).toBe(false);
  });

  it("finds the breadcrumb trail of a nested page", () => {
    expect(findTrail(tree, "/system/user").map((n) => n.name)).toEqual(["系统管理", "用户管理"]);
    expect(findTrail(tree, "/system/cryptographicPolicy/index").map((n) => n.name)).toEqual(["系统管理", "密码策略"]);
    expect(findTrail(tree, "/nowhere")).toEqual([]);
  });

  it("flattens depth first", () => {
    expect(flatten(tree).map((n) => n.id)).toEqual(["1", "2", "3", "4"]);
  });

  it("opens only isOpen=2 URLs in a new window", () => {
    expect(isExternal({ isOpen: 2, path: "https://example.com" })).toBe(true);
    expect(isExternal({ isOpen: 1, path: "https://example.com" })).toBe(false);
    expect(isExternal({ isOpen: 2, path: "/system/user" })).toBe(false);
  });
});

describe("activation and role filter", () => {
  const detailTree = [
    node("2", "系统管理", "/system", [node("3", "用户管理", "/system/user"), { ...node("5", "菜单管理", "/system/menu"), alias: "menu" }]),
    { ...node("6", "我的应用", "/app/mine/index"), alias: "myApplication", meta: { group: ["/app/audit/index"] } },
  ];

  it("prefers the exact page, then the group, then the alias, then the deepest path prefix", () => {
    expect(findActiveTrail(detailTree, "/system/user").map((n) => n.id)).toEqual(["2", "3"]);
    expect(findActiveTrail(detailTree, "/app/audit").map((n) => n.id)).toEqual(["6"]);
    expect(findActiveTrail(detailTree, "/myApplication/detail/7").map((n) => n.id)).toEqual(["6"]);
    expect(findActiveTrail(detailTree, "/system/user/edit/7").map((n) => n.id)).toEqual(["2", "3"]);
    expect(findActiveTrail(detailTree, "/elsewhere")).toEqual([]);
  });

  it("keeps nodes without meta.roles and those sharing a role with the user", () => {
    const guarded = [{ ...node("1", "a", "/a"), meta: { roles: ["admin"] } }, node("2", "b", "/b"), { ...node("3", "c", "/c"), meta: { roles: "x,admin" } }];
    expect(visibleFor(guarded, ["user"]).map((n) => n.id)).toEqual(["2"]);
    expect(visibleFor(guarded, roleAliases("user,admin")).map((n) => n.id)).toEqual(["1", "2", "3"]);
  });

  it("frames URL and html paths that are not external links", () => {
    expect(isFramed({ isOpen: 1, path: "https://example.com" })).toBe(true);
    expect(isFramed({ isOpen: 1, path: "/static/report.html" })).toBe(true);
    expect(isFramed({ isOpen: 2, path: "https://example.com" })).toBe(false);
    expect(isFramed({ isOpen: 1, path: "/system/user" })).toBe(false);
  });
});
