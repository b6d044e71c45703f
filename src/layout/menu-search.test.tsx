import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { setMenu } from "../providers/auth/menu-store";
import { clearSession, saveTokens } from "../providers/auth/session";
import { resetStorage, tokenResponse } from "../providers/testing/fixtures";
import { searchMenu } from "./menu-search";
import { MenuSearch } from "./MenuSearch";
import { currentLocation, menuNode, renderConsole } from "../testing/harness";

const tree = [
  menuNode("1", "工作台", "/workbench/index"),
  menuNode("2", "系统管理", "/system", {
    children: [
      menuNode("3", "User management", "/system/user"),
      menuNode("4", "user roles", "/system/role"),
      menuNode("5", "Menus", "/system/menu"),
      menuNode("6", "user_add", "", { category: 2 }),
    ],
  }),
  menuNode("7", "Users report", "https://report.example.com/users.html"),
];

afterEach(() => {
  cleanup();
  clearSession();
  resetStorage();
});

describe("searchMenu", () => {
  it("matches page names by prefix, ignoring case", () => {
    expect(searchMenu(tree, "user").map((n) => n.id)).toEqual(["3", "4", "7"]);
    expect(searchMenu(tree, "USER M").map((n) => n.id)).toEqual(["3"]);
    expect(searchMenu(tree, "  menus ").map((n) => n.id)).toEqual(["5"]);
  });

  it("is a prefix match, not a substring match, and skips folders and buttons", () => {
    expect(searchMenu(tree, "management")).toEqual([]);
    expect(searchMenu(tree, "系统")).toEqual([]);
    expect(searchMenu(tree, "user_add")).toEqual([]);
  });
});

describe("<MenuSearch>", () => {
  const open = () => {
    saveTokens(tokenResponse());
    setMenu(tree);
    renderConsole(<MenuSearch />, { path: "/workbench/index" });
    fireEvent.click(screen.getByRole("button", { name: "菜单搜索" }));
    return screen.getByRole("textbox", { name: "请输入搜索内容" });
  };

  it("lists prefix matches and opens the one chosen with the arrow keys and Enter", async () => {
    const input = open();
    fireEvent.change(input, { target: { value: "uSeR" } });
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
      "User management/system/user",
      "user roles/system/role",
      "Users reporthttps://report.example.com/users.html",
    ]);
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(screen.getAllByRole("option")[1]).toHaveAttribute("aria-selected", "true");
    fireEvent.keyDown(input, { key: "Enter" });
    expect(currentLocation()).toBe("/system/role");
    await waitFor(() => expect(screen.queryByRole("textbox", { name: "请输入搜索内容" })).toBeNull());
  });

  it("names the results for a screen reader, points the field at the highlighted one, and the list answers the keys too", () => {
    const input = open();
    fireEvent.change(input, { target: { value: "user" } });
    const list = screen.getByRole("listbox", { name: "搜索结果" });
    const options = screen.getAllByRole("option");
    expect(input).toHaveAttribute("aria-activedescendant", options[0]!.id);
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input).toHaveAttribute("aria-activedescendant", options[1]!.id);
    // Reached by Tab (a scrolling region), the list moves the highlight and opens with Enter.
    expect(list).toHaveAttribute("tabindex", "0");
    fireEvent.keyDown(list, { key: "ArrowUp" });
    expect(screen.getAllByRole("option")[0]).toHaveAttribute("aria-selected", "true");
    fireEvent.keyDown(list, { key: "Enter" });
    expect(currentLocation()).toBe("/system/user");
  });

  it("wraps around with ArrowUp and opens html pages in the frame route", () => {
    const input = open();
    fireEvent.change(input, { target: { value: "user" } });
    fireEvent.keyDown(input, { key: "ArrowUp" });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(currentLocation()).toMatch(/^\/myiframe\/urlPath\?.*src=https%3A%2F%2Freport\.example\.com%2Fusers\.html/);
  });

  it("navigates on click", () => {
    const input = open();
    fireEvent.change(input, { target: { value: "men" } });
    fireEvent.click(screen.getByRole("option", { name: /Menus/ }));
    expect(currentLocation()).toBe("/system/menu");
  });

  it("opens with Ctrl+K (or ⌘K) from anywhere, and not on a plain K", async () => {
    saveTokens(tokenResponse());
    setMenu(tree);
    renderConsole(<MenuSearch />, { path: "/workbench/index" });
    expect(screen.getByRole("button", { name: "菜单搜索" })).toHaveAttribute("aria-keyshortcuts", "Control+K Meta+K");
    fireEvent.keyDown(document.body, { key: "k" });
    expect(screen.queryByRole("textbox", { name: "请输入搜索内容" })).toBeNull();
    fireEvent.keyDown(document.body, { key: "k", ctrlKey: true });
    const input = await screen.findByRole("textbox", { name: "请输入搜索内容" });
    fireEvent.change(input, { target: { value: "men" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(currentLocation()).toBe("/system/menu");
    fireEvent.keyDown(document.body, { key: "K", metaKey: true });
    expect(await screen.findByRole("textbox", { name: "请输入搜索内容" })).toBeInTheDocument();
  });

  it("closes on Esc without navigating", async () => {
    const input = open();
    fireEvent.change(input, { target: { value: "user" } });
    fireEvent.keyDown(input, { key: "Escape", keyCode: 27 });
    await waitFor(() => expect(screen.queryByRole("textbox", { name: "请输入搜索内容" })).toBeNull());
    expect(currentLocation()).toBe("/workbench/index");
  });
});
