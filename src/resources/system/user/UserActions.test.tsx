/**
 * The users page's own actions against the reference server (MSW forwards /api/* to the Hono app
 * on a fresh database): enable/disable, unlock, roles, departments, bound accounts, import with
 * its report and export of the current search — each asked for first where it changes things.
 */
import { File as NodeFile } from "node:buffer";
import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { sql } from "drizzle-orm";
import { findRow, findTable, renderConsole, setupResourceTest, signIn } from "../../../testing/harness";
import type { Page, R, UserVO } from "../../../../domain/contract";
import { userResource } from ".";

const t = setupResourceTest(() => import("./UserList"));
afterEach(() => vi.unstubAllGlobals());

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

async function onServer(account: string): Promise<UserVO | undefined> {
  const res = await t.api.request("/api/blade-user/page", { token: t.token, query: { account_equal: account } });
  return ((await res.json()) as R<Page<UserVO>>).data.records[0];
}

/**
 * A button of the page's toolbar, looked up there: a role query over the whole page works out the
 * name of every button on it (several a row), a second or more in jsdom.
 */
const toolbarButton = async (name: string | RegExp) => within(await screen.findByRole("toolbar")).findByRole("button", { name });

/**
 * A toast, in the console's live region (where every message and notification shows). Waited for
 * there rather than in the whole page: findBy tries again on every change of the page, and each
 * failed try reads (and prints into its error) the region only.
 */
const findToast = async (text: string) => within(await screen.findByTestId("live-region")).findByText(text);

/** Opens a row's 更多 menu and picks an item. */
async function rowMenu(user: ReturnType<typeof userEvent.setup>, account: string, item: string) {
  const row = await findRow(account);
  await user.click(await within(row).findByRole("button", { name: new RegExp(`更多 ${account}`) }));
  await user.click(await screen.findByRole("menuitem", { name: item }));
}

/** Ticks a row's checkbox. */
async function choose(user: ReturnType<typeof userEvent.setup>, account: string) {
  await user.click(within(await findRow(account)).getByRole("checkbox"));
}

/** Clicks OK in the confirmation titled `title`. */
async function confirm(user: ReturnType<typeof userEvent.setup>, title: string) {
  const dialog = await screen.findByRole("dialog", { name: title });
  await user.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
}

describe("System → Users: the actions on users", () => {
  it("disables a user after confirmation, which ends their sign-ins, and enables them again", async () => {
    await t.api.createUser({ account: "sleeper", password: "Sl33per-pass", realName: "沉睡", roleAliases: ["user"] });
    const user = userEvent.setup();
    renderConsole(userResource);
    await rowMenu(user, "sleeper", "停用");
    await confirm(user, "确定停用选择的用户? 停用后这些用户将立即下线");
    await findToast("修改成功");
    await waitFor(async () => expect((await onServer("sleeper"))?.status).toBe(0));
    await expect(t.api.login("sleeper", "Sl33per-pass")).rejects.toThrow();
    expect(await within(await findRow("sleeper")).findByText("停用")).toBeInTheDocument();

    await rowMenu(user, "sleeper", "启用");
    await confirm(user, "确定启用选择的用户?");
    await waitFor(async () => expect((await onServer("sleeper"))?.status).toBe(1));
    await expect(t.api.login("sleeper", "Sl33per-pass")).resolves.toBeTruthy();
  });

  it("shows the server's refusal to disable a tenant's last administrator, and leaves them enabled", async () => {
    await t.api.createTenant("300001");
    await t.api.createUser({ account: "onlyboss", password: "0nlyBoss-pass", realName: "唯一管理员", tenantId: "300001", roleAliases: ["admin"] });
    const user = userEvent.setup();
    renderConsole(userResource);
    await rowMenu(user, "onlyboss", "停用");
    await confirm(user, "确定停用选择的用户? 停用后这些用户将立即下线");
    await findToast("不能停用租户「300001」最后一名启用的管理员：至少要保留一名拥有角色「管理员」的启用用户");
    expect((await onServer("onlyboss"))?.status).toBe(1);
    await expect(t.api.login("onlyboss", "0nlyBoss-pass", { tenantId: "300001" })).resolves.toBeTruthy();
  });

  it("warns when a bulk action has nothing selected, and changes the roles of the selected users", async () => {
    await t.api.createUser({ account: "r1", password: "R1-password!", realName: "甲", roleAliases: ["user"] });
    await t.api.createUser({ account: "r2", password: "R2-password!", realName: "乙", roleAliases: ["user"] });
    const user = userEvent.setup();
    renderConsole(userResource);
    await findTable();
    // The page's own buttons show once the access-control provider has answered.
    await user.click(await toolbarButton("角色配置"));
    await findToast("请选择至少一条数据");

    await choose(user, "r1");
    await choose(user, "r2");
    await user.click(await toolbarButton("角色配置"));
    const dialog = await screen.findByRole("dialog", { name: "角色配置" });
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await within(dialog).findByText("请选择角色");
    await user.click(within(dialog).getByRole("combobox"));
    const options = await screen.findAllByTitle("超级管理员");
    await user.click(options[options.length - 1]);
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await findToast("修改成功");
    await waitFor(async () => expect((await onServer("r1"))?.roleName).toBe("超级管理员"));
    expect((await onServer("r2"))?.roleName).toBe("超级管理员");
  });

  it("sets a user's departments from the row, starting from the ones they have", async () => {
    await t.api.createUser({ account: "walker", password: "W4lker-pass", realName: "行者", roleAliases: ["user"] });
    const user = userEvent.setup();
    renderConsole(userResource);
    await rowMenu(user, "walker", "设置部门");
    const dialog = await screen.findByRole("dialog", { name: "设置部门" });
    expect(await within(dialog).findByText("刀锋科技")).toBeInTheDocument();
    // Departments come a level at a time; a typed word is searched on the server over every level.
    const box = within(dialog).getByRole("combobox");
    await user.click(box);
    await user.type(box, "苏州");
    await user.click(await screen.findByText("苏州刀锋", { selector: ".ant-select-tree-title span, .ant-select-tree-title" }));
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await waitFor(async () => expect((await onServer("walker"))?.deptName).toBe("刀锋科技,苏州刀锋"));
  });

  it("invites the ticked users into a department, keeping the departments they have", async () => {
    await t.api.createUser({ account: "guest1", password: "Gu3st1-pass", realName: "客一", roleAliases: ["user"] });
    await t.api.createUser({ account: "guest2", password: "Gu3st2-pass", realName: "客二", roleAliases: ["user"] });
    const user = userEvent.setup();
    renderConsole(userResource);
    await findTable();
    await choose(user, "guest1");
    await choose(user, "guest2");
    await user.click(await toolbarButton("邀请加入部门"));
    const dialog = await screen.findByRole("dialog", { name: "邀请加入部门 · 已选 2 个用户" });
    expect(within(dialog).getByText("选中的用户加入该部门,原有部门保留")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await within(dialog).findByText("请选择部门");
    const box = within(dialog).getByRole("combobox");
    await user.click(box);
    await user.type(box, "苏州");
    await user.click(await screen.findByText("苏州刀锋", { selector: ".ant-select-tree-title span, .ant-select-tree-title" }));
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await findToast("已加入部门");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: /邀请加入部门/ })).not.toBeInTheDocument());
    expect((await onServer("guest1"))?.deptName).toBe("刀锋科技,苏州刀锋");
    expect((await onServer("guest2"))?.deptName).toBe("刀锋科技,苏州刀锋");
    // The list is read again: the rows show the department they joined.
    await waitFor(async () => expect(within(await findRow("guest1")).getByText("刀锋科技,苏州刀锋")).toBeInTheDocument());
  });

  it("explains why a user may use a menu, naming the role that grants it", async () => {
    await t.api.createUser({ account: "explained", password: "R3ader-pass", realName: "被解释", roleAliases: ["user"] });
    const user = userEvent.setup();
    renderConsole(userResource);
    await rowMenu(user, "explained", "权限解释");
    const drawer = await screen.findByRole("dialog", { name: /权限解释/ });
    await user.click(within(drawer).getByRole("button", { name: /解\s*释/ }));
    await within(drawer).findByText("请选择菜单或按钮");
    await user.click(within(drawer).getByRole("combobox"));
    await user.type(within(drawer).getByRole("combobox"), "工作台");
    const options = await screen.findAllByTitle("工作台");
    await user.click(options[options.length - 1]);
    await user.click(within(drawer).getByRole("button", { name: /解\s*释/ }));
    expect(await within(drawer).findByText("可以使用")).toBeInTheDocument();
    expect(within(drawer).getByText(/由角色 普通用户 授予「工作台」/)).toBeInTheDocument();
  });

  it("sets a user's platform in 平台配置, loaded from platform-detail and saved with update-platform", async () => {
    const { id } = await t.api.createUser({ account: "mobile", password: "M0bile-pass", realName: "移动", roleAliases: ["user"] });
    await t.api.request("/api/blade-user/update-platform", { method: "POST", token: t.token, query: { userId: id, userType: "1" } });
    const calls: string[] = [];
    t.api.server.events.on("request:start", ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname.includes("platform")) calls.push(`${request.method} ${url.pathname}?${url.searchParams}`);
    });
    const user = userEvent.setup();
    renderConsole(userResource);
    await rowMenu(user, "mobile", "平台配置");
    const dialog = await screen.findByRole("dialog", { name: "平台配置 · 移动" });
    expect(await within(dialog).findByText("mobile")).toBeInTheDocument();
    // The current platform shows by its dictionary label.
    expect(await within(dialog).findByTitle("WEB")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("combobox", { name: "用户平台" }));
    await user.click(await screen.findByTitle("APP"));
    await user.click(within(dialog).getByRole("textbox", { name: "用户拓展" }));
    await user.paste("app-7");
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await findToast("修改成功");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "平台配置 · 移动" })).not.toBeInTheDocument());
    t.api.server.events.removeAllListeners();
    expect(calls).toEqual([`GET /api/blade-user/platform-detail?id=${id}`, `POST /api/blade-user/update-platform?userId=${id}&userType=2&userExt=app-7`]);
    expect(await onServer("mobile")).toMatchObject({ userType: 2, userTypeName: "APP" });
    // Opened again: the extension kept for the platform the user is on now.
    await rowMenu(user, "mobile", "平台配置");
    const again = await screen.findByRole("dialog", { name: "平台配置 · 移动" });
    await waitFor(() => expect(within(again).getByRole("textbox", { name: "用户拓展" })).toHaveValue("app-7"));
  });

  it("unlocks an account locked by failed sign-ins", async () => {
    await t.api.createUser({ account: "locked", password: "L0cked-pass", realName: "锁定", roleAliases: ["user"] });
    for (let i = 0; i < 5; i++) await t.api.login("locked", "wrong-password").catch(() => undefined);
    await expect(t.api.login("locked", "L0cked-pass")).rejects.toThrow();
    const user = userEvent.setup();
    renderConsole(userResource);
    await rowMenu(user, "locked", "账号解封");
    await confirm(user, "确定解封选择的账号?");
    await findToast("账号解封成功");
    await expect(t.api.login("locked", "L0cked-pass")).resolves.toBeTruthy();
  });

  it("shows a user's bound accounts and unbinds one after confirmation", async () => {
    const { id } = await t.api.createUser({ account: "social", password: "S0cial-pass", realName: "社交", roleAliases: ["user"] });
    await t.api.db.execute(
      sql`insert into blade_user_oauth (id, tenant_id, user_id, source, uuid, username, nickname) values (1900000000000000001, '000000', ${id}, 'github', 'gh-1', 'octocat', 'Octo')`,
    );
    const user = userEvent.setup();
    renderConsole(userResource);
    await rowMenu(user, "social", "绑定账号");
    const dialog = await screen.findByRole("dialog", { name: "绑定账号 · 社交" });
    const row = (await within(dialog).findByText("octocat")).closest("tr")!;
    expect(row).toHaveTextContent("github");
    await user.click(await within(row).findByRole("button", { name: "解除绑定" }));
    const pop = (await screen.findByText("确定解除该账号绑定?")).closest(".ant-popover") as HTMLElement;
    await user.click(within(pop).getByRole("button", { name: /确\s*定/ }));
    await findToast("解除绑定成功");
    await waitFor(() => expect(within(dialog).queryByText("octocat")).not.toBeInTheDocument());
  });

  it("unbinds several ticked accounts at once after confirmation", async () => {
    const { id } = await t.api.createUser({ account: "multi", password: "Mult1-pass", realName: "多绑", roleAliases: ["user"] });
    await t.api.db.execute(
      sql`insert into blade_user_oauth (id, tenant_id, user_id, source, uuid, username, nickname) values
        (1900000000000000011, '000000', ${id}, 'github', 'gh-11', 'first-gh', 'A'),
        (1900000000000000012, '000000', ${id}, 'gitee', 'ge-12', 'second-ge', 'B'),
        (1900000000000000013, '000000', ${id}, 'wechat', 'wx-13', 'kept-wx', 'C')`,
    );
    const user = userEvent.setup();
    renderConsole(userResource);
    await rowMenu(user, "multi", "绑定账号");
    const dialog = await screen.findByRole("dialog", { name: "绑定账号 · 多绑" });
    const bulk = within(dialog).getByRole("button", { name: "批量解绑" });
    expect(bulk).toBeDisabled();
    for (const name of ["first-gh", "second-ge"]) await user.click(within((await within(dialog).findByText(name)).closest("tr")!).getByRole("checkbox"));
    expect(within(dialog).getByText("已选 2 项")).toBeInTheDocument();
    await user.click(bulk);
    const pop = (await screen.findByText("确定解除选中的 2 个账号绑定?")).closest(".ant-popover") as HTMLElement;
    await user.click(within(pop).getByRole("button", { name: /确\s*定/ }));
    await findToast("解除绑定成功");
    await waitFor(() => expect(within(dialog).queryByText("first-gh")).not.toBeInTheDocument());
    expect(within(dialog).queryByText("second-ge")).not.toBeInTheDocument();
    expect(within(dialog).getByText("kept-wx")).toBeInTheDocument();
    const left = (await t.api.db.execute(sql`select uuid from blade_user_oauth where user_id = ${id}`)) as unknown as { rows: { uuid: string }[] };
    expect(left.rows.map((r) => r.uuid)).toEqual(["wx-13"]);
  });

  it("imports users from the template with one bad row and shows the report", async () => {
    await t.api.request("/api/blade-system/param/submit", {
      token: t.token,
      json: { paramName: "初始密码", paramKey: "account.initPassword", paramValue: "Blade-Init-2026" },
    });
    const ExcelJS = (await import("exceljs")).default;
    const template = await t.api.request("/api/blade-user/export-template", { token: t.token });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await template.arrayBuffer()) as never);
    const sheet = book.worksheets[0];
    // The platform administrator's template starts with 租户编号.
    // …then the columns of the users' template: account … platform, ID type and number, roles, departments.
    sheet.getRow(2).values = ["", "newbie", "新人", "", "", "13800138000", "", "男", "", "WEB", "", "", "普通用户", "常州刀锋"];
    sheet.getRow(3).values = ["", "badrow", "坏行", "", "", "12345", "", "", "", "", "", "", "普通用户", "常州刀锋"];
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    // jsdom's File has no stream(): the form and the file are Node's, as a browser's are real ones.
    const NodeFormData = (await new Request("http://x", { method: "POST", body: new URLSearchParams() }).formData()).constructor;
    vi.stubGlobal("FormData", NodeFormData);

    const user = userEvent.setup();
    renderConsole(userResource);
    await findTable();
    await user.click(await toolbarButton(/导\s*入/));
    const dialog = await screen.findByRole("dialog", { name: "用户数据导入" });
    expect(within(dialog).getByRole("button", { name: /开始导入/ })).toBeDisabled();
    await user.upload(dialog.querySelector("input[type=file]") as HTMLInputElement, new NodeFile([bytes], "用户.xlsx", { type: XLSX }) as unknown as File);
    await user.click(within(dialog).getByRole("button", { name: /开始导入/ }));
    await within(dialog).findByText("共 2 行,成功 1 行(新增 1,更新 0),失败 1 行");
    const refused = (await within(dialog).findByText("badrow")).closest("tr")!;
    expect(refused).toHaveTextContent("3");
    expect(refused).toHaveTextContent("手机号码: 格式不正确");
    expect((await onServer("newbie"))?.deptName).toBe("常州刀锋");
    await expect(t.api.login("newbie", "Blade-Init-2026")).resolves.toBeTruthy();
  });

  it("refuses a file that is no xlsx before sending it", async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderConsole(userResource);
    await findTable();
    await user.click(await toolbarButton(/导\s*入/));
    const dialog = await screen.findByRole("dialog", { name: "用户数据导入" });
    await user.upload(dialog.querySelector("input[type=file]") as HTMLInputElement, new File(["a,b"], "users.csv", { type: "text/csv" }));
    await within(dialog).findByText("上传文件格式错误");
    expect(within(dialog).getByRole("button", { name: /开始导入/ })).toBeDisabled();
  });

  it("exports what the search matches as an authenticated download, no token in the URL", async () => {
    const saved: { name: string; blob: Blob }[] = [];
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push({ name: "", blob }), "blob:export"), revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1].name = this.download;
    });
    const seen: Request[] = [];
    t.api.server.events.on("request:start", ({ request }) => void (request.url.includes("export-user") && seen.push(request.clone())));
    const user = userEvent.setup();
    renderConsole(userResource);
    await findTable();
    await user.click(screen.getByPlaceholderText("请输入登录账号"));
    await user.paste("adm");
    await user.keyboard("{Enter}");
    await user.click(await toolbarButton(/导\s*出/));
    await confirm(user, "确定导出当前查询条件下的全部用户数据?");
    await waitFor(() => expect(saved[0]?.name).toMatch(/^用户数据\d{14}\.xlsx$/));
    t.api.server.events.removeAllListeners();
    click.mockRestore();
    const url = new URL(seen[0].url);
    expect(url.searchParams.get("account")).toBe("adm");
    expect(url.search).not.toMatch(/token|bearer|blade-auth/i);
    expect(seen[0].headers.get("Blade-Auth")).toMatch(/^bearer /);
    const ExcelJS = (await import("exceljs")).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await saved[0].blob.arrayBuffer()) as never);
    expect(book.worksheets[0].rowCount).toBe(2);
    expect(book.worksheets[0].getCell("B2").text).toBe("admin");
  });

  it("shows none of these buttons to a user without their codes", async () => {
    // A role of tenant 000000 that opens the users page and holds none of its buttons.
    await t.api.db.execute(sql`insert into blade_role (id, tenant_id, role_name, role_alias) values (1900000000000000002, '000000', '只读', 'reader')`);
    await t.api.db.execute(sql`insert into blade_role_menu (id, role_id, menu_id) select 1900000000000000003, 1900000000000000002, id from blade_menu where code = 'user'`);
    await t.api.createUser({ account: "reader", password: "Passw0rd!x", realName: "读者", roleAliases: ["reader"] });
    t.token = await signIn(t.api, { account: "reader", password: "Passw0rd!x" });
    const user = userEvent.setup();
    renderConsole(userResource);
    await findTable();
    // The row menu reads the codes synchronously: only the bound accounts and the access explainer
    // come with the page itself.
    await user.click(within(await findRow("reader")).getByRole("button", { name: /更多 reader/ }));
    expect((await screen.findAllByRole("menuitem")).map((m) => m.textContent)).toEqual(["绑定账号", "权限解释"]);
    // Every button of the page is named once, and none of them is one of these.
    const hidden = [/编\s*辑/, /导\s*入/, /导\s*出/, "角色配置", "设置部门", "邀请加入部门", "账号解封", "启用", "停用", /重置密码/];
    const isHidden = (name: string) => hidden.some((h) => (typeof h === "string" ? name === h : h.test(name)));
    expect(screen.queryAllByRole("button", { name: isHidden }).map((b) => b.textContent)).toEqual([]);
  });
});
