import { describe, expect, it } from "vitest";
import { AppstoreOutlined, HomeOutlined, TeamOutlined, UserOutlined } from "@ant-design/icons";
import { menuIconFor } from "./MenuIcon";

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
});
