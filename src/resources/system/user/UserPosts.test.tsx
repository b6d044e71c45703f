/**
 * 所属岗位 and 所属租户 in the user form, against the reference server: the posts offered are the
 * user's tenant's (post/select?tenantId=), several may be chosen, and the platform administrator
 * picks the tenant of a new user, whose roles, departments and posts follow it.
 */
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findTable, loadedField, renderConsole, setupResourceTest, signIn } from "../../../testing/harness";
import type { Page, R, UserVO } from "../../../../domain/contract";
import { userResource } from ".";

const t = setupResourceTest(() => import("./UserList"));

type User = ReturnType<typeof userEvent.setup>;

async function addPost(token: string, postCode: string, postName: string): Promise<string> {
  const res = await t.api.request("/api/blade-system/post/submit", { token, json: { category: 1, postCode, postName, sort: 1 } });
  expect(res.status).toBe(200);
  const page = (await (await t.api.request("/api/blade-system/post/list", { token, query: { postCode } })).json()) as R<Page<{ id: string }>>;
  return page.data.records[0].id;
}

async function userOnServer(account: string, tenantId?: string): Promise<UserVO> {
  const query: Record<string, string> = { account, size: "10", ...(tenantId ? { tenantId } : {}) };
  const body = (await (await t.api.request("/api/blade-user/page", { token: t.token, query })).json()) as R<Page<UserVO>>;
  return body.data.records[0];
}

/** The options a select's dropdown offers now (antd renders the open one last). */
async function openOptions(user: User, dialog: HTMLElement, label: RegExp): Promise<HTMLElement> {
  await user.click(within(dialog).getByRole("combobox", { name: label }));
  const lists = await screen.findAllByRole("listbox");
  return lists.at(-1)!.closest(".ant-select-dropdown") as HTMLElement;
}

async function fillRequired(user: User, dialog: HTMLElement, account: string, role: string, dept: string) {
  await user.type(within(dialog).getByLabelText("登录账号"), account);
  await user.type(within(dialog).getByLabelText("用户姓名"), "岗位人");
  await user.type(within(dialog).getByLabelText(/^\*?\s*密码$/), "Post-passw0rd");
  await user.type(within(dialog).getByLabelText("确认密码"), "Post-passw0rd");
  await user.click(within(dialog).getByRole("combobox", { name: /所属角色/ }));
  const roles = await screen.findAllByTitle(role);
  await user.click(roles.at(-1)!);
  const box = within(dialog).getByRole("combobox", { name: /所属部门/ });
  await user.click(box);
  await user.type(box, dept);
  await user.click(await screen.findByText(dept, { selector: ".ant-select-tree-title span, .ant-select-tree-title" }));
}

async function openCreateForm(user: User) {
  await findTable();
  await user.click(await screen.findByRole("button", { name: /新\s*增/ }));
  return screen.findByRole("dialog", { name: "新增用户" });
}

describe("System → Users: posts and the tenant in the user form", () => {
  it("offers the posts of the user's tenant only, saves several, and shows them again on edit", async () => {
    await t.api.createTenant("300001", "外部租户");
    await t.api.createUser({ account: "outboss", password: "0utBoss-pass", tenantId: "300001", roleAliases: ["admin"] });
    const outsider = (await t.api.login("outboss", "0utBoss-pass", { tenantId: "300001" })).access_token;
    const dev = await addPost(t.token, "dev", "开发岗");
    const ops = await addPost(t.token, "ops", "运维岗");
    await addPost(outsider, "out", "外部岗");

    const user = userEvent.setup();
    renderConsole(userResource);
    const dialog = await openCreateForm(user);
    await fillRequired(user, dialog, "poster", "普通用户", "常州刀锋");
    const options = await openOptions(user, dialog, /所属岗位/);
    await within(options).findByTitle("开发岗");
    expect(within(options).getByTitle("运维岗")).toBeInTheDocument();
    expect(within(options).queryByTitle("外部岗")).toBeNull();
    await user.click(within(options).getByTitle("开发岗"));
    await user.click(within(options).getByTitle("运维岗"));
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("添加成功");
    const saved = await userOnServer("poster");
    expect(saved.postId.split(",").sort()).toEqual([dev, ops].sort());

    // The create dialog has closed (and reset its form) before the edit one opens.
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "新增用户" })).toBeNull());
    const row = (await within(await findTable()).findByText("poster")).closest("tr")!;
    await user.click(await within(row).findByRole("button", { name: /编\s*辑/ }));
    const edit = await screen.findByRole("dialog", { name: "编辑用户" });
    // The record is in the form (its detail answered) before its posts are looked at.
    await loadedField("登录账号", "poster");
    const posts = within(edit).getByRole("combobox", { name: /所属岗位/ }).closest(".ant-select") as HTMLElement;
    await waitFor(() => expect(within(posts).getByText("开发岗")).toBeInTheDocument());
    expect(within(posts).getByText("运维岗")).toBeInTheDocument();
    // The tenant of an existing user is shown, not changed.
    expect(within(edit).getByRole("combobox", { name: /所属租户/ })).toBeDisabled();
  });

  it("lets the platform administrator create a user in another tenant, with that tenant's roles, departments and posts", async () => {
    await t.api.createTenant("300002", "远方租户");
    await t.api.createUser({ account: "farboss", password: "F4rBoss-pass", tenantId: "300002", roleAliases: ["admin"] });
    const far = (await t.api.login("farboss", "F4rBoss-pass", { tenantId: "300002" })).access_token;
    const farPost = await addPost(far, "far", "远方岗");

    const user = userEvent.setup();
    renderConsole(userResource);
    const dialog = await openCreateForm(user);
    // A new user starts in the administrator's own tenant.
    await waitFor(() => expect(within(dialog).getByTitle("管理组 (000000)")).toBeInTheDocument());
    const tenants = await openOptions(user, dialog, /所属租户/);
    await user.click(await within(tenants).findByTitle("远方租户 (300002)"));
    await fillRequired(user, dialog, "faruser", "普通用户", "远方租户");
    const options = await openOptions(user, dialog, /所属岗位/);
    await user.click(await within(options).findByTitle("远方岗"));
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("添加成功");
    expect(await userOnServer("faruser", "300002")).toMatchObject({ tenantId: "300002", postId: farPost, roleName: "普通用户", deptName: "远方租户" });
  });

  it("shows a tenant's administrator no tenant to pick, and their own tenant's posts", async () => {
    await t.api.createTenant("300003", "近邻租户");
    await t.api.createUser({ account: "nearboss", password: "N3arBoss-pass", tenantId: "300003", roleAliases: ["admin"] });
    const near = (await t.api.login("nearboss", "N3arBoss-pass", { tenantId: "300003" })).access_token;
    await addPost(near, "near", "近邻岗");
    await signIn(t.api, { account: "nearboss", password: "N3arBoss-pass", tenantId: "300003" });

    const user = userEvent.setup();
    renderConsole(userResource);
    const dialog = await openCreateForm(user);
    const options = await openOptions(user, dialog, /所属岗位/);
    await within(options).findByTitle("近邻岗");
    expect(within(options).queryByTitle("开发岗")).toBeNull();
    expect(within(dialog).queryByRole("combobox", { name: /所属租户/ })).toBeNull();
  });
});
