/**
 * The users page against the real reference server: MSW forwards /api/* to the Hono app on a
 * fresh copy of the seeded database, so every list, form and delete below is real behaviour.
 */
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findTable, loadedField, renderConsole, setupResourceTest } from "../../../testing/harness";
import type { Page, R, UserVO } from "../../../../domain/contract";
import { userResource } from ".";

const t = setupResourceTest(() => import("./UserList"));

async function usersOnServer(account: string): Promise<UserVO[]> {
  const res = await t.api.request("/api/blade-user/page", { token: t.token, query: { account, size: "10" } });
  const body = (await res.json()) as R<Page<UserVO>>;
  return body.data.records;
}

async function openCreateForm(user: ReturnType<typeof userEvent.setup>) {
  await findTable();
  await user.click(await screen.findByRole("button", { name: /新\s*增/ }));
  return screen.findByRole("dialog", { name: "新增用户" });
}

async function chooseTreeOption(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, label: string, option: string) {
  await user.click(within(dialog).getByRole("combobox", { name: new RegExp(label) }));
  const choices = await screen.findAllByTitle(option);
  await user.click(choices[choices.length - 1]);
}

/** Departments come a level at a time: a typed word is searched on the server over every level. */
async function chooseDept(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, name: string) {
  const box = within(dialog).getByRole("combobox", { name: /所属部门/ });
  await user.click(box);
  await user.type(box, name);
  await user.click(await screen.findByText(name, { selector: ".ant-select-tree-title span, .ant-select-tree-title" }));
}

describe("System → Users against the reference server", () => {
  it("lists users in pages of 10 with the department tree beside them", async () => {
    renderConsole(userResource);
    const grid = await findTable();
    await within(grid).findByText("admin");
    expect(await within(screen.getByRole("tree")).findByText("刀锋科技")).toBeInTheDocument();
    expect(screen.getByText("共 1 条")).toBeInTheDocument();
    expect(window.location.search).toContain("pageSize=10");
  });

  it("refuses an empty form with the §5 messages and sends nothing", async () => {
    const user = userEvent.setup();
    renderConsole(userResource);
    const dialog = await openCreateForm(user);
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await within(dialog).findByText("请输入账号");
    expect(await within(dialog).findByText("请输入用户姓名")).toBeInTheDocument();
    expect(await within(dialog).findByText("请输入密码")).toBeInTheDocument();
    expect(await within(dialog).findByText("请选择所属角色")).toBeInTheDocument();
    expect(await within(dialog).findByText("请选择所属部门")).toBeInTheDocument();
    const seen: string[] = [];
    t.api.server.events.on("request:start", ({ request }) => void seen.push(`${request.method} ${new URL(request.url).pathname}`));
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await within(dialog).findByText("请输入账号");
    expect(seen.filter((r) => r.startsWith("POST"))).toEqual([]);
    t.api.server.events.removeAllListeners();
  });

  it("creates a user in a department with a role, then finds them in the list", async () => {
    const user = userEvent.setup();
    renderConsole(userResource);
    const dialog = await openCreateForm(user);
    await user.type(within(dialog).getByLabelText("登录账号"), "zhangsan");
    await user.type(within(dialog).getByLabelText("用户姓名"), "张三");
    await user.type(within(dialog).getByLabelText(/^\*?\s*密码$/), "Zh4ngsan-pw");
    await user.type(within(dialog).getByLabelText("确认密码"), "Zh4ngsan-pw");
    await chooseTreeOption(user, dialog, "所属角色", "普通用户");
    await chooseDept(user, dialog, "常州刀锋");
    const submits: string[] = [];
    t.api.server.events.on("request:start", ({ request }) => {
      if (request.method === "POST" && request.url.includes("/blade-user/submit")) submits.push(request.url);
    });
    // §9 prevent-double-click: an impatient double click sends one user.
    await user.dblClick(within(dialog).getByRole("button", { name: /保\s*存/ }));

    await screen.findByText("添加成功");
    t.api.server.events.removeAllListeners();
    expect(submits).toHaveLength(1);
    const [created] = await usersOnServer("zhangsan");
    expect(created).toMatchObject({ account: "zhangsan", realName: "张三", roleName: "普通用户", deptName: "常州刀锋" });
    expect(created).not.toHaveProperty("password");
    expect(await within(await findTable()).findByText("zhangsan")).toBeInTheDocument();
  });

  it("shows the server's refusal of a duplicate account and keeps the form open", async () => {
    const user = userEvent.setup();
    renderConsole(userResource);
    const dialog = await openCreateForm(user);
    await user.type(within(dialog).getByLabelText("登录账号"), "admin");
    await user.type(within(dialog).getByLabelText("用户姓名"), "重复");
    await user.type(within(dialog).getByLabelText(/^\*?\s*密码$/), "Dupl1cate-pw");
    await user.type(within(dialog).getByLabelText("确认密码"), "Dupl1cate-pw");
    await chooseTreeOption(user, dialog, "所属角色", "普通用户");
    await chooseDept(user, dialog, "苏州刀锋");
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    // Shown as a toast and beside the field.
    await waitFor(() => expect(screen.getAllByText("当前账号已被使用!").length).toBeGreaterThanOrEqual(2));
    expect(screen.getByRole("dialog", { name: "新增用户" })).toBeInTheDocument();
    expect((await usersOnServer("admin")).length).toBe(1);
  });

  it("edits a user in the same form, loaded from the server", async () => {
    await t.api.createUser({ account: "wangwu", password: "W4ngwu-password", realName: "王五", roleAliases: ["user"] });
    const user = userEvent.setup();
    renderConsole(userResource);
    const row = (await within(await findTable()).findByText("wangwu")).closest("tr")!;
    await user.click(await within(row).findByRole("button", { name: /编\s*辑/ }));
    const dialog = await screen.findByRole("dialog", { name: "编辑用户" });
    const realName = await loadedField(/用户姓名/, "王五");
    expect(within(dialog).getByLabelText(/登录账号/)).toBeDisabled();
    expect(within(dialog).queryByLabelText(/^\*?\s*密码$/)).not.toBeInTheDocument();
    await user.clear(realName);
    await user.type(realName, "王五五");
    await user.type(within(dialog).getByLabelText("手机号码"), "1390013");
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await within(dialog).findByText("格式不正确");
    await user.type(within(dialog).getByLabelText("手机号码"), "9000");
    // 用户平台 offers the user_type dictionary's labels.
    await user.click(within(dialog).getByRole("combobox", { name: "用户平台" }));
    await user.click(await screen.findByTitle("APP"));
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("修改成功");
    const [saved] = await usersOnServer("wangwu");
    expect(saved).toMatchObject({ realName: "王五五", phone: "13900139000", roleName: "普通用户", userType: 2, userTypeName: "APP" });
  });

  it("asks before deleting and removes the user on the server", async () => {
    await t.api.createUser({ account: "lisi", password: "L1si-password", realName: "李四", roleAliases: ["user"] });
    const user = userEvent.setup();
    renderConsole(userResource);
    const row = (await within(await findTable()).findByText("lisi")).closest("tr")!;
    await user.click(await within(row).findByRole("button", { name: /删\s*除/ }));
    const confirm = (await screen.findByText("确定将选择数据删除?")).closest(".ant-popover") as HTMLElement;
    await user.click(within(confirm).getByRole("button", { name: /删\s*除/ }));
    await screen.findByText("删除成功");
    await waitFor(async () => expect(await usersOnServer("lisi")).toEqual([]));
  });

  it("warns when bulk delete has nothing selected", async () => {
    const user = userEvent.setup();
    renderConsole(userResource);
    await findTable();
    const toolbarDelete = (await screen.findAllByRole("button", { name: /删\s*除/ }))[0];
    await user.click(toolbarDelete);
    await screen.findByText("请选择至少一条数据");
  });

  it("lists the users of a department and of every department below it, as BladeX binds deptId", async () => {
    const tree = (await (await t.api.request("/api/blade-system/dept/tree", { token: t.token })).json()).data as { id: string; title: string; children?: { id: string; title: string }[] }[];
    const parent = tree[0];
    const child = parent.children![0];
    await t.api.createUser({ account: "belowuser", password: "B3low-password", realName: "下级", deptId: child.id, roleAliases: ["user"] });
    const pages: URLSearchParams[] = [];
    t.api.server.events.on("request:start", ({ request }) => {
      if (request.url.includes("/blade-user/page")) pages.push(new URL(request.url).searchParams);
    });
    const user = userEvent.setup();
    renderConsole(userResource);
    await findTable();
    // The tree is rebuilt once its data arrives: look it up again until the node is there.
    await user.click(await waitFor(() => within(screen.getByRole("tree")).getByText(parent.title)));
    expect(await within(await findTable()).findByText("belowuser")).toBeInTheDocument();
    t.api.server.events.removeAllListeners();
    const last = pages.at(-1)!;
    expect(last.get("deptId")).toBe(parent.id);
    expect(last.has("deptId_equal")).toBe(false);
    expect(last.get("current")).toBe("1");
  });

  it("finds a department of any level by a word typed in the tree's search, and filters by it", async () => {
    const tree = (await (await t.api.request("/api/blade-system/dept/tree", { token: t.token })).json()).data as { id: string; title: string; children?: { id: string; title: string }[] }[];
    const child = tree[0].children![1];
    const pages: URLSearchParams[] = [];
    t.api.server.events.on("request:start", ({ request }) => {
      if (request.url.includes("/blade-user/page")) pages.push(new URL(request.url).searchParams);
    });
    const user = userEvent.setup();
    renderConsole(userResource);
    await findTable();
    const tree0 = await screen.findByRole("tree");
    // Below the top level, so not loaded until searched for or opened.
    expect(within(tree0).queryByText(child.title)).toBeNull();
    await user.type(screen.getByRole("searchbox", { name: "输入关键字进行过滤" }), child.title.slice(0, 2));
    await user.click(await within(screen.getByRole("tree")).findByText(child.title));
    await waitFor(() => expect(pages.at(-1)?.get("deptId")).toBe(child.id));
    t.api.server.events.removeAllListeners();
  });

  it("sorts by the database column name, as a real BladeX server orders by it", async () => {
    const pages: URLSearchParams[] = [];
    t.api.server.events.on("request:start", ({ request }) => {
      if (request.url.includes("/blade-user/page")) pages.push(new URL(request.url).searchParams);
    });
    // antd's sortable header keeps pointer events on its inner wrapper only.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderConsole(userResource);
    const grid = await findTable();
    await user.click(within(grid).getAllByRole("columnheader", { name: /创建时间/ })[0]);
    await waitFor(() => expect(pages.some((p) => p.get("ascs") === "create_time" || p.get("descs") === "create_time")).toBe(true));
    t.api.server.events.removeAllListeners();
    expect(await within(await findTable()).findByText("admin")).toBeInTheDocument();
  });

  it("says before anything is sent that no initial password is configured, and where; the initial password cannot be chosen", async () => {
    await t.api.createUser({ account: "sunqi", password: "Sunq1-password", realName: "孙七", roleAliases: ["user"] });
    const user = userEvent.setup();
    renderConsole(userResource);
    const row = (await within(await findTable()).findByText("sunqi")).closest("tr")!;
    await user.click(await within(row).findByRole("button", { name: /重置密码/ }));
    const dialog = await screen.findByRole("dialog", { name: "重置密码 · 孙七" });
    await within(dialog).findByText("尚未配置初始密码(在 参数管理 中设置参数 account.initPassword),请为该用户输入或生成新密码");
    expect(within(dialog).getByRole("radio", { name: "初始密码" })).toBeDisabled();
    await waitFor(() => expect(within(dialog).getByRole("radio", { name: "输入新密码" })).toBeChecked());
    await user.click(within(dialog).getByRole("button", { name: /取\s*消/ }));
    await expect(t.api.login("sunqi", "Sunq1-password")).resolves.toBeTruthy();
  });

  it("resets a user's password to the parameters' initial password from the reset dialog", async () => {
    await t.api.request("/api/blade-system/param/submit", {
      token: t.token,
      json: { paramName: "初始密码", paramKey: "account.initPassword", paramValue: "Blade-Init-2026" },
    });
    await t.api.createUser({ account: "zhaoliu", password: "Zh4oliu-password", realName: "赵六", roleAliases: ["user"] });
    const user = userEvent.setup();
    renderConsole(userResource);
    const row = (await within(await findTable()).findByText("zhaoliu")).closest("tr")!;
    await user.click(await within(row).findByRole("button", { name: /重置密码/ }));
    const dialog = await screen.findByRole("dialog", { name: "重置密码 · 赵六" });
    await waitFor(() => expect(within(dialog).getByRole("radio", { name: "初始密码" })).toBeChecked());
    await user.click(within(dialog).getByRole("button", { name: /重\s*置/ }));
    await screen.findByText("密码重置成功");
    // The server names the new password: shown once, copyable, closed only on purpose.
    const shown = await screen.findByRole("dialog", { name: "新的登录密码" });
    expect(within(shown).getByTestId("user-reset-password")).toHaveTextContent("Blade-Init-2026");
    expect(within(shown).getByText("该密码只显示这一次,请复制后告知用户;关闭后无法再次查看")).toBeInTheDocument();
    // The copy button puts the password on the clipboard (jsdom has none: the copy command is watched).
    const copied: string[] = [];
    const execCommand = document.execCommand;
    document.execCommand = (command: string) => (command === "copy" && copied.push(String(document.getSelection())), true);
    await user.click(within(shown).getByRole("button", { name: /复\s*制/ }));
    document.execCommand = execCommand;
    expect(copied).toEqual(["Blade-Init-2026"]);
    await user.keyboard("{Escape}");
    expect(screen.getByRole("dialog", { name: "新的登录密码" })).toBeInTheDocument();
    await user.click(within(shown).getByRole("button", { name: "我已记下" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "新的登录密码" })).not.toBeInTheDocument());
    expect(screen.queryByText("Blade-Init-2026")).not.toBeInTheDocument();
    await expect(t.api.login("zhaoliu", "Blade-Init-2026")).resolves.toBeTruthy();
  });
});
