import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { setMenu } from "../providers/auth/menu-store";
import { clearSession, saveTokens } from "../providers/auth/session";
import { resetStorage, tokenResponse } from "../providers/testing/fixtures";
import { Sidebar } from "./Sidebar";
import { currentLocation, menuNode, renderConsole } from "../testing/harness";

afterEach(() => {
  cleanup();
  clearSession();
  resetStorage();
  vi.restoreAllMocks();
});

const tree = [
  menuNode("res", "资源管理", "/resource", {
    children: [
      menuNode("apply", "资源申请", "/resource/apply/index", { alias: "resourceApplication" }),
      menuNode("mine", "我的资源", "/resource/mine/index", { alias: "myResources", meta: { group: ["/resource/mine/detail"] } }),
      menuNode("secret", "密钥管理", "/resource/secret", { meta: { roles: ["administrator"] } }),
    ],
  }),
  menuNode("report", "报表", "https://report.example.com/index.html", { name: "报表" }),
  menuNode("help", "帮助中心", "https://help.example.com", { isOpen: 2 }),
];

const twoGroups = [
  menuNode("sys", "系统管理", "/system", { children: [menuNode("user", "用户管理", "/system/user"), menuNode("role", "角色管理", "/system/role")] }),
  menuNode("log", "日志审计", "/log", { children: [menuNode("login", "登录日志", "/log/login")] }),
];

const openSubmenus = () => [...document.querySelectorAll(".ant-menu-submenu-open > .ant-menu-submenu-title")].map((e) => e.textContent);

const selected = () => [...document.querySelectorAll(".ant-menu-item-selected")].map((e) => e.textContent);

describe("<Sidebar>", () => {
  it("shows items only to the roles in their meta.roles", () => {
    saveTokens(tokenResponse({ role_name: "user" }));
    setMenu(tree);
    renderConsole(<Sidebar collapsed={false} />, { path: "/resource/apply/index" });
    expect(screen.getByText("资源申请")).toBeInTheDocument();
    expect(screen.queryByText("密钥管理")).toBeNull();
    cleanup();
    saveTokens(tokenResponse({ role_name: "auditor,administrator" }));
    renderConsole(<Sidebar collapsed={false} />, { path: "/resource/apply/index" });
    expect(screen.getByText("密钥管理")).toBeInTheDocument();
  });

  it("activates the list item of a detail page by alias or by group", () => {
    saveTokens(tokenResponse({ role_name: "user" }));
    setMenu(tree);
    renderConsole(<Sidebar collapsed={false} />, { path: "/resourceApplication/detail/42" });
    expect(selected()).toEqual(["资源申请"]);
    cleanup();
    renderConsole(<Sidebar collapsed={false} />, { path: "/resource/mine/detail" });
    expect(selected()).toEqual(["我的资源"]);
  });

  it("opens html and URL items in the frame route and external links in a new window", () => {
    const open = vi.spyOn(window, "open").mockImplementation(() => null);
    saveTokens(tokenResponse({ role_name: "user" }));
    setMenu(tree);
    renderConsole(<Sidebar collapsed={false} />, { path: "/resource/apply/index" });
    fireEvent.click(screen.getByText("帮助中心"));
    expect(open).toHaveBeenCalledWith("https://help.example.com", "_blank", "noopener,noreferrer");
    expect(currentLocation()).toBe("/resource/apply/index");
    fireEvent.click(screen.getByText("报表"));
    const url = new URL(currentLocation(), "http://x");
    expect(url.pathname).toBe("/myiframe/urlPath");
    expect(url.searchParams.get("src")).toBe("https://report.example.com/index.html");
    expect(url.searchParams.get("name")).toBe("报表");
    expect(selected()).toEqual(["报表"]);
  });

  it("makes every item a link: Ctrl+click is left to the browser, a plain click navigates in the console", () => {
    const open = vi.spyOn(window, "open").mockImplementation(() => null);
    saveTokens(tokenResponse({ role_name: "user" }));
    setMenu(tree);
    renderConsole(<Sidebar collapsed={false} />, { path: "/resource/apply/index" });
    const mine = screen.getByRole("link", { name: "我的资源" });
    expect(mine).toHaveAttribute("href", "/resource/mine/index");
    expect(screen.getByRole("link", { name: "报表" }).getAttribute("href")).toMatch(/^\/myiframe\/urlPath\?/);
    expect(screen.getByRole("link", { name: "帮助中心" })).toHaveAttribute("target", "_blank");

    // The browser opens a new tab for these; the console stays where it is.
    for (const modifier of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }]) {
      expect(fireEvent.click(mine, modifier)).toBe(true);
      expect(currentLocation()).toBe("/resource/apply/index");
    }
    // A plain click is the console's: no page load (default prevented), an in-app navigation.
    expect(fireEvent.click(mine)).toBe(false);
    expect(currentLocation()).toBe("/resource/mine/index");
    expect(open).not.toHaveBeenCalled();
  });

  it("is one Tab stop: its links are left out of Tab, the arrow keys move through the items", () => {
    saveTokens(tokenResponse({ role_name: "user" }));
    setMenu(tree);
    renderConsole(<Sidebar collapsed={false} />, { path: "/resource/apply/index" });
    for (const link of screen.getAllByRole("link")) expect(link).toHaveAttribute("tabindex", "-1");
    const tabStops = [...document.querySelectorAll("[tabindex='0'], a[href]:not([tabindex='-1'])")];
    expect(tabStops).toEqual([screen.getAllByRole("menu")[0]]);
  });

  it("collapsed, keeps a first-level item an icon without a wide link, and still opens a Ctrl+click in a new tab", () => {
    const open = vi.spyOn(window, "open").mockImplementation(() => null);
    saveTokens(tokenResponse({ role_name: "user" }));
    setMenu(tree);
    renderConsole(<Sidebar collapsed />, { path: "/resource/apply/index" });
    expect(screen.queryByRole("link", { name: "报表" })).toBeNull();
    fireEvent.click(screen.getByText("报表"), { ctrlKey: true });
    expect(open).toHaveBeenCalledWith(expect.stringMatching(/^\/myiframe\/urlPath\?/), "_blank", "noopener");
    expect(currentLocation()).toBe("/resource/apply/index");
  });

  it("opens only the current submenu: opening another closes it", () => {
    saveTokens(tokenResponse({ role_name: "user" }));
    setMenu(twoGroups);
    renderConsole(<Sidebar collapsed={false} />, { path: "/system/user" });
    expect(openSubmenus()).toEqual(["系统管理"]);
    fireEvent.click(screen.getByText("日志审计"));
    expect(openSubmenus()).toEqual(["日志审计"]);
    fireEvent.click(screen.getByRole("link", { name: "登录日志" }));
    expect(currentLocation()).toBe("/log/login");
    expect(openSubmenus()).toEqual(["日志审计"]);
  });

  it("opens the administrator's whole tree on load, then one submenu at a time", () => {
    saveTokens(tokenResponse({ role_name: "administrator" }));
    setMenu(twoGroups);
    renderConsole(<Sidebar collapsed={false} />, { path: "/system/user" });
    expect(openSubmenus()).toEqual(["系统管理", "日志审计"]);
    fireEvent.click(screen.getByText("日志审计"));
    expect(openSubmenus()).toEqual(["系统管理"]);
    fireEvent.click(screen.getByText("日志审计"));
    expect(openSubmenus()).toEqual(["日志审计"]);
  });

  it("scrolls the active item into view", async () => {
    const scrolled: string[] = [];
    vi.spyOn(HTMLElement.prototype, "scrollIntoView").mockImplementation(function (this: HTMLElement) {
      scrolled.push(this.textContent ?? "");
    });
    saveTokens(tokenResponse({ role_name: "user" }));
    setMenu(twoGroups);
    renderConsole(<Sidebar collapsed={false} />, { path: "/log/login" });
    await waitFor(() => expect(scrolled).toEqual(["登录日志"]));
  });

  it("shows the empty-menu tip without a menu", () => {
    saveTokens(tokenResponse());
    renderConsole(<Sidebar collapsed={false} />, { path: "/workbench/index" });
    expect(screen.getByText("没有发现菜单")).toBeInTheDocument();
  });
});
