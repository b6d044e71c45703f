import { describe, expect, it } from "vitest";
import { AppstoreOutlined, HomeOutlined, TeamOutlined, UserOutlined } from "@ant-design/icons";
import { MENU_TREE, type MenuSeed } from "../../server/db/seed/menus";
import { menuIconFor } from "./menu-icon-set";

describe("menu icons", () => {
  it("draws the Ant Design icon our server names", () => {
    expect(menuIconFor("HomeOutlined")).toBe(HomeOutlined);
    expect(menuIconFor("UserOutlined")).toBe(UserOutlined);
  });

  it("matches a BladeX iconfont class by keyword and falls back to a generic icon", () => {
    expect(menuIconFor("iconfont iconicon_principal")).toBe(UserOutlined);
    expect(menuIconFor("iconfont icon-role")).toBe(TeamOutlined);
    expect(menuIconFor("iconfont icon-caidan")).toBe(AppstoreOutlined);
    expect(menuIconFor(undefined)).toBe(AppstoreOutlined);
  });

  it("draws its own icon for every menu our server seeds, the sample top-level menus included", () => {
    const sources = (nodes: MenuSeed[]): string[] => nodes.flatMap((n) => [n.source ?? "", ...sources(n.children ?? [])]);
    for (const source of sources(MENU_TREE)) expect(menuIconFor(source).displayName, source).toBe(source);
  });
});
