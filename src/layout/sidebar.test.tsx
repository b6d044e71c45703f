import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { setMenu } from "../providers/auth/menu-store";
import { clearSession, saveTokens } from "../providers/auth/session";
import { resetStorage, tokenResponse } from "../providers/testing/fixtures";
import { Sidebar } from "./Sidebar";
import { currentLocation, menuNode, renderWithShell } from "./test-utils";

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

const selected = () => [...document.querySelectorAll(".ant-menu-item-selected")].map((e) => e.textContent);

describe("<Sidebar>", () => {
  it("shows items only to the roles in their meta.roles", () => {
    saveTokens(tokenResponse({ role_name: "user" }));
    setMenu(tree);
    renderWithShell(<Sidebar collapsed={false} />, { path: "/resource/apply/index" });
    expect(screen.getByText("资源申请")).toBeInTheDocument();
    expect(screen.queryByText("密钥管理")).toBeNull();
    cleanup();
    saveTokens(tokenResponse({ role_name: "auditor,administrator" }));
    renderWithShell(<Sidebar collapsed={false} />, { path: "/resource/apply/index" });
    expect(screen.getByText("密钥管理")).toBeInTheDocument();
  });

  it("activates the list item of a detail page by alias or by group", () => {
    saveTokens(tokenResponse({ role_name: "user" }));
    setMenu(tree);
    renderWithShell(<Sidebar collapsed={false} />, { path: "/resourceApplication/detail/42" });
    expect(selected()).toEqual(["资源申请"]);
    cleanup();
    renderWithShell(<Sidebar collapsed={false} />, { path: "/resource/mine/detail" });
    expect(selected()).toEqual(["我的资源"]);
  });

  it("opens html and URL items in the frame route and external links in a new window", () => {
    const open = vi.spyOn(window, "open").mockImplementation(() => null);
    saveTokens(tokenResponse({ role_name: "user" }));
    setMenu(tree);
    renderWithShell(<Sidebar collapsed={false} />, { path: "/resource/apply/index" });
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

  it("shows the empty-menu tip without a menu", () => {
    saveTokens(tokenResponse());
    renderWithShell(<Sidebar collapsed={false} />);
    expect(screen.getByText("没有发现菜单")).toBeInTheDocument();
  });
});
