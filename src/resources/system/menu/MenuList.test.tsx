/**
 * The menu page against the real reference server (MSW forwards /api/* to the Hono app on a fresh
 * copy of the seeded database): the lazy tree, the menu form with its icon picker, children,
 * delete, a menu's data scopes and the top menus.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findRow, findTable, renderConsole, setupResourceTest } from "../../../testing/harness";
import { getMenu, getPermissions } from "../../../providers/auth/menu-store";
import { apiScopeResource, dataScopeResource, menuResource, topMenuResource } from ".";

// The icon set (the picker's, and every row's icon) is some 1,600 modules (the icons and their SVG
// definitions), its load mostly a wait for their transforms: it starts now and loads while the
// server starts and signs in (setupResourceTest's beforeAll), and is awaited before the first test.
const icons = import("./icons").then((m) => m.loadIcons());
const t = setupResourceTest(() => import("./MenuList"));
beforeAll(() => icons);
const render = () => renderConsole(menuResource, { resources: [dataScopeResource, apiScopeResource, topMenuResource] });

type User = ReturnType<typeof userEvent.setup>;

async function menusOnServer(query: Record<string, string>) {
  const res = await t.api.request("/api/blade-system/menu/lazy-list", { token: t.token, query });
  return (await res.json()).data as { id: string; parentId: string; name: string; code: string; source: string; category: number; action: number }[];
}

const lastDialog = async () => (await screen.findAllByRole("dialog")).at(-1)!;

/**
 * The list's 新增, looked up in its toolbar (a row's 新增子项 is another button). A role query over
 * the whole page names every row's buttons: a second or more in jsdom.
 */
const addButton = async () => within(await screen.findByRole("toolbar")).findByRole("button", { name: /新\s*增/ });
const searchForm = () => document.querySelector("form#menu-search") as HTMLElement;

/**
 * The field labelled `text` in `container`: the form's <label> and the control it is for, as
 * getByLabelText finds it. getByLabelText asks jsdom for the labels of every field in the container,
 * and jsdom looks for each field's labels in the whole document (the long table behind the dialog
 * included): a few hundred milliseconds a lookup, where this is one pass.
 */
function field(container: HTMLElement, text: string): HTMLElement {
  const control = (within(container).getByText(text, { selector: "label" }) as HTMLLabelElement).control;
  if (!control) throw new Error(`The label "${text}" is for no field`);
  return control;
}

/**
 * A toast, in the console's live region (where every message and notification shows). Waited for
 * there rather than in the whole page: findBy tries again on every change of the page, and each
 * failed try reads (and prints into its error) the region only.
 */
const findToast = async (text: string) => within(await screen.findByTestId("live-region")).findByText(text);

/** Types a value the fast way (a paste into the focused field): the forms check it all the same. */
async function fill(user: User, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

async function choose(user: User, dialog: HTMLElement, label: string, option: string) {
  await user.click(field(dialog, label));
  const choices = await screen.findAllByTitle(option);
  await user.click(choices.at(-1)!);
}

describe("System → Menus against the reference server", () => {
  it("shows the top level, opens a level when expanded, and searches every level", async () => {
    const user = userEvent.setup();
    render();
    const system = await findRow("系统管理");
    expect(within(await findTable()).queryByText("用户管理")).not.toBeInTheDocument();
    await user.click(within(system).getByRole("button", { name: /expand|展开/i }));
    await findRow("用户管理");

    const search = searchForm();
    await fill(user, field(search, "菜单名称"), "参数");
    await user.click(within(search).getByRole("button", { name: /搜\s*索/ }));
    await waitFor(() => expect(within(screen.getByRole("table")).queryByText("系统管理")).not.toBeInTheDocument());
    await findRow("参数管理");
  });

  it("refuses an empty menu with the form's messages", async () => {
    const user = userEvent.setup();
    render();
    await findTable();
    await user.click(await addButton());
    const dialog = await lastDialog();
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await within(dialog).findByText("请输入菜单名称");
    expect(await within(dialog).findByText("请输入菜单编号")).toBeInTheDocument();
    expect(await within(dialog).findByText("请输入路由地址")).toBeInTheDocument();
    await fill(user, field(dialog, "路由地址"), "javascript:alert(1)");
    await within(dialog).findByText("路由地址应以 / 开头，或是 http(s) 网址");
  });

  it("creates a menu with an icon from the picker, then a button below it", async () => {
    const user = userEvent.setup();
    render();
    await findTable();
    await user.click(await addButton());
    const dialog = await lastDialog();
    await fill(user, field(dialog, "菜单名称"), "报表中心");
    await fill(user, field(dialog, "路由地址"), "/report/center");
    await fill(user, field(dialog, "菜单编号"), "report_center");
    await user.click(within(dialog).getByRole("button", { name: "选择图标" }));
    // (jsdom gives every dialog the same label id: the picker is found by what it shows)
    const picker = (await screen.findByText("线框风格")).closest(".ant-modal") as HTMLElement;
    await fill(user, within(picker).getByRole("searchbox", { name: "搜索图标名称" }), "rocket");
    await user.click(await within(picker).findByRole("option", { name: /RocketOutlined|Rocket/ }));
    await waitFor(() => expect(field(dialog, "菜单图标")).toHaveValue("RocketOutlined"));
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await findToast("添加成功");
    const [created] = await menusOnServer({ code_equal: "report_center" });
    expect(created).toMatchObject({ name: "报表中心", source: "RocketOutlined", parentId: "0", category: 1 });
    // The administrator's own side menu follows at once.
    await waitFor(() => expect(getMenu().map((m) => m.code)).toContain("report_center"));

    const row = await findRow("报表中心");
    await user.click(await within(row).findByRole("button", { name: /新增子项/ }));
    await screen.findByText("新增子项 · 报表中心");
    const childForm = await lastDialog();
    await choose(user, childForm, "菜单类型", "按钮");
    await fill(user, field(childForm, "菜单名称"), "导出报表");
    await fill(user, field(childForm, "菜单编号"), "report_center_export");
    await user.clear(field(childForm, "菜单别名"));
    await fill(user, field(childForm, "菜单别名"), "export");
    await user.click(within(childForm).getByRole("button", { name: /保\s*存/ }));
    await within(childForm).findByText("请选择按钮功能");
    await choose(user, childForm, "按钮功能", "工具栏");
    await user.click(within(childForm).getByRole("button", { name: /保\s*存/ }));
    await waitFor(async () =>
      expect(await menusOnServer({ parentId: created.id })).toEqual([expect.objectContaining({ code: "report_center_export", category: 2, action: 1 })]),
    );
    await waitFor(() => expect(getPermissions().has("report_center_export")).toBe(true));
    // The new button shows under its menu once the row is opened.
    await user.click(within(await findRow("报表中心")).getByRole("button", { name: /expand|展开/i }));
    await findRow("导出报表");
  });

  it("gives a menu its client and makes it the default page: fields for menus only, a 默认首页 tag, a filter by client", async () => {
    const user = userEvent.setup();
    render();
    await findTable();
    await user.click(await addButton());
    const dialog = await lastDialog();
    // A button has neither: they show for menus only.
    await choose(user, dialog, "菜单类型", "按钮");
    await waitFor(() => expect(within(dialog).queryByLabelText("系统类型")).toBeNull());
    expect(within(dialog).queryByLabelText("默认首页")).toBeNull();
    await choose(user, dialog, "菜单类型", "菜单");
    await fill(user, await waitFor(() => field(dialog, "菜单名称")), "统计首页");
    await fill(user, field(dialog, "路由地址"), "/stat/home");
    await fill(user, field(dialog, "菜单编号"), "stat_home");
    const selected = (label: string) => field(dialog, label).closest(".ant-select")!.querySelector(".ant-select-selection-item")?.textContent;
    await waitFor(() => expect(selected("系统类型")).toBe("控制台"));
    expect(selected("默认首页")).toBe("否");
    // A mobile entry cannot be the console's landing page: said beside the field before any save.
    await choose(user, dialog, "系统类型", "移动端");
    await choose(user, dialog, "默认首页", "是");
    await within(dialog).findByText("只有控制台菜单可以设为默认首页");
    await choose(user, dialog, "系统类型", "控制台");
    await waitFor(() => expect(within(dialog).queryByText("只有控制台菜单可以设为默认首页")).toBeNull());
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await findToast("添加成功");
    expect((await menusOnServer({ code_equal: "stat_home" }))[0]).toMatchObject({ systemType: 1, isDefault: 2 });
    expect(await within(await findRow("统计首页")).findByText("默认首页")).toBeInTheDocument();

    await t.api.request("/api/blade-system/menu/submit", { token: t.token, json: { name: "移动消息", code: "mobile_message", alias: "menu", path: "/m/message", sort: 99, category: 1, systemType: 2 } });
    const search = searchForm();
    await choose(user, search, "系统类型", "移动端");
    await user.click(within(search).getByRole("button", { name: /搜\s*索/ }));
    await findRow("移动消息");
    await waitFor(() => expect(within(screen.getByRole("table")).queryByText("统计首页")).toBeNull());
  });

  it("deletes after confirmation, and shows why a menu with children stays", async () => {
    const user = userEvent.setup();
    render();
    const row = await findRow("数据审计");
    await user.click(await within(row).findByRole("button", { name: /删\s*除/ }));
    const confirm = (await screen.findByText("确定将选择数据删除?")).closest(".ant-popover") as HTMLElement;
    await user.click(within(confirm).getByRole("button", { name: /删\s*除/ }));
    await findToast("请先删除子菜单或按钮：审计概览");
    expect(await menusOnServer({ code_equal: "dataAudit" })).toHaveLength(1);

    await user.click(await within(row).findByRole("button", { name: /expand|展开/i }));
    const leaf = await findRow("审计概览");
    await user.click(await within(leaf).findByRole("button", { name: /删\s*除/ }));
    const again = (await screen.findAllByText("确定将选择数据删除?")).at(-1)!.closest(".ant-popover") as HTMLElement;
    await user.click(within(again).getByRole("button", { name: /删\s*除/ }));
    await findToast("删除成功");
    await waitFor(async () => expect(await menusOnServer({ code_equal: "dataAuditIndex" })).toEqual([]));
  });

  it("manages a menu's data scopes in a drawer, checking a custom rule as the server does", async () => {
    const user = userEvent.setup();
    render();
    const system = await findRow("系统管理");
    await user.click(within(system).getByRole("button", { name: /expand|展开/i }));
    const row = await findRow("用户管理");
    await user.click(await within(row).findByRole("button", { name: /数据权限/ }));
    const drawer = await screen.findByRole("dialog", { name: "数据权限 · 用户管理" });
    await within(drawer).findByText("暂无数据");
    await user.click(within(drawer).getByRole("button", { name: /新\s*增/ }));
    const form = await lastDialog();
    await fill(user, field(form, "权限名称"), "启用的用户");
    await fill(user, field(form, "权限编号"), "user_enabled");
    await choose(user, form, "规则类型", "自定义");
    const rule = await waitFor(() => field(form, "规则值"));
    await fill(user, rule, "password:eq:1");
    await within(form).findByText("规则\"password:eq\"的字段不在可用字段中");
    await user.clear(rule);
    await fill(user, rule, "status:eq:1");
    await user.click(within(form).getByRole("button", { name: /保\s*存/ }));
    await findToast("添加成功");
    // The drawer's table row, with the type's dictionary name (the drawer is found afresh: antd re-creates it).
    const created = (await screen.findByText("启用的用户")).closest("tr") as HTMLElement;
    expect(created).toHaveTextContent(/user_enabled.*自定义/);
    const res = await t.api.request("/api/blade-system/data-scope/list", { token: t.token, query: { menuId: String(row.getAttribute("data-row-key")) } });
    expect((await res.json()).data.records).toEqual([expect.objectContaining({ scopeName: "启用的用户", scopeType: 5, scopeValue: "status:eq:1" })]);
  });

  it("lists the top menus in a tab and configures the side menus one shows", async () => {
    const user = userEvent.setup();
    render();
    await findTable();
    await user.click(screen.getByRole("tab", { name: "顶部菜单" }));
    const panel = screen.getByRole("tabpanel", { name: "顶部菜单" });
    const row = (await within(panel).findByText("后台管理")).closest("tr") as HTMLElement;
    await user.click(await within(row).findByRole("button", { name: /菜单配置/ }));
    const dialog = await screen.findByRole("dialog", { name: "菜单配置 · 后台管理" });
    const tree = await within(dialog).findByRole("tree");
    const checked = () => [...tree.querySelectorAll(".ant-tree-treenode-checkbox-checked .ant-tree-title")].map((n) => n.textContent);
    await waitFor(() => expect(checked().sort()).toEqual(["仪表盘", "工作台"]));
    const top = (await (await t.api.request("/api/blade-system/topmenu/list", { token: t.token })).json()).data.records[0] as { id: string };
    const keys = async () =>
      (await (await t.api.request("/api/blade-system/menu/top-tree-keys", { token: t.token, query: { topMenuIds: top.id } })).json()).data.menu as string[];
    const before = await keys();
    await user.click(within(tree).getByText("会话管理"));
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await findToast("配置成功");
    // What it held (what role 普通用户 may open) and 会话管理.
    const [session] = (await (await t.api.request("/api/blade-system/menu/list", { token: t.token, query: { name: "会话管理" } })).json()).data as { id: string }[];
    expect((await keys()).sort()).toEqual([...before, session.id].sort());
  });
});
