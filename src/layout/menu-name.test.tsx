import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { MENU_TREE, TOP_MENUS, type MenuSeed } from "../../server/db/seed/menus";
import { setMenu } from "../providers/auth/menu-store";
import { clearSession, saveTokens } from "../providers/auth/session";
import { i18n, setLanguage } from "../providers/i18n";
import { resetStorage, tokenResponse } from "../providers/testing/fixtures";
import { menuName } from "./menu-name";
import { MenuSearch } from "./MenuSearch";
import { Sidebar } from "./Sidebar";
import { TagBar } from "./TagBar";
import { tagStore } from "./tags";
import { menuNode, renderConsole } from "../testing/harness";

const seeds = (nodes: MenuSeed[]): MenuSeed[] => nodes.flatMap((n) => [n, ...seeds(n.children ?? [])]);

const tree = [
  menuNode("system", "系统管理", "/system", {
    children: [menuNode("user", "用户管理", "/system/user"), menuNode("role", "角色管理", "/system/role"), menuNode("report", "用户报表", "/system/report")],
  }),
];

afterEach(async () => {
  cleanup();
  clearSession();
  resetStorage();
  tagStore.reset();
  await act(() => setLanguage("zh"));
});

describe("menuName", () => {
  it("has a zh name (the server's) and an en name for every menu and top menu the server seeds", () => {
    for (const { code, name } of [...seeds(MENU_TREE), ...TOP_MENUS]) {
      expect(i18n.t(`menuName.${code}`, { lng: "zh", defaultValue: "" }), code).toBe(name);
      expect(i18n.t(`menuName.${code}`, { lng: "en", defaultValue: "" }), code).toMatch(/^[\x20-\x7e]+$/);
    }
  });

  it("translates by code, then by alias, else shows the server's name", () => {
    expect(menuName({ code: "user", alias: "x", name: "用户管理" }, "en")).toBe("Users");
    expect(menuName({ code: "user", alias: "x", name: "用户管理" }, "zh")).toBe("用户管理");
    expect(menuName({ code: "42", alias: "dept", name: "机构管理" }, "en")).toBe("Departments");
    expect(menuName({ code: "42", alias: "x", name: "报表" }, "en")).toBe("报表");
    expect(menuName({ code: "role" }, "en")).toBe("Roles");
    expect(menuName({ code: "a.b:c", name: "点" }, "en")).toBe("点");
  });

  it("keeps a name an operator changed on the server, in both languages", () => {
    expect(menuName({ code: "user", name: "User Management" }, "zh")).toBe("User Management");
    expect(menuName({ code: "user", name: "人员管理" }, "en")).toBe("人员管理");
  });
});

describe("menu names in the layout", () => {
  const show = async (lang: "zh" | "en", path = "/system/user") => {
    await act(() => setLanguage(lang));
    saveTokens(tokenResponse({ role_name: "administrator" }));
    setMenu(tree);
    tagStore.open({ label: "用户管理", code: "user", alias: "user", path: "/system/user" });
    renderConsole(
      <>
        <Sidebar collapsed={false} />
        <TagBar />
        <MenuSearch />
      </>,
      { path },
    );
  };
  const sider = () => document.querySelector<HTMLElement>(".ant-menu") as HTMLElement;
  const breadcrumb = () => document.querySelector(".ant-breadcrumb")?.textContent;
  const search = (text: string) => {
    fireEvent.click(screen.getAllByRole("button").find((b) => b.getAttribute("aria-label") === i18n.t("layout.search.open")) as HTMLElement);
    const input = screen.getByRole("textbox", { name: i18n.t("layout.search.placeholder") });
    fireEvent.change(input, { target: { value: text } });
    return screen.queryAllByRole("option").map((o) => o.firstElementChild?.textContent);
  };

  it("are English in en: sidebar, tag, breadcrumb and the search, which matches them by prefix ignoring case", async () => {
    await show("en");
    expect(within(sider()).getByText("System")).toBeInTheDocument();
    expect(within(sider()).getByText("Users")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Users" })).toBeInTheDocument();
    expect(breadcrumb()).toBe("System/Users");
    expect(search("uS")).toEqual(["Users"]);
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "ROL" } });
    expect(screen.getAllByRole("option").map((o) => o.firstElementChild?.textContent)).toEqual(["Roles"]);
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "用户" } });
    // 用户报表 has no translation: its server name is what shows, and what matches.
    expect(screen.getAllByRole("option").map((o) => o.firstElementChild?.textContent)).toEqual(["用户报表"]);
  });

  it("are the server's Chinese names in zh", async () => {
    await show("zh");
    expect(within(sider()).getByText("用户管理")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "用户管理" })).toBeInTheDocument();
    expect(breadcrumb()).toBe("系统管理/用户管理");
    expect(search("用户")).toEqual(["用户管理", "用户报表"]);
  });

  it("follow a switch of language without a reload", async () => {
    await show("zh");
    expect(breadcrumb()).toBe("系统管理/用户管理");
    await act(() => setLanguage("en"));
    expect(breadcrumb()).toBe("System/Users");
    expect(within(sider()).getByText("Roles")).toBeInTheDocument();
  });
});
