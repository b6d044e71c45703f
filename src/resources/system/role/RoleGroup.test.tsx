/**
 * 角色组 against the reference server (MSW forwards /api/* to the Hono app on a fresh copy of the
 * seeded database): from the role list, a role's groups are created, bound to applications and
 * their permission groups, enabled or disabled and deleted.
 */
import { inArray } from "drizzle-orm";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { app, appRole, menu } from "../../../../server/db/schema";
import { nextId } from "../../../../server/db/ids";
import { findOwnEmpty, findRow, renderConsole, setupResourceTest, signIn } from "../../../testing/harness";
import type { R } from "../../../../domain/contract";
import type { RoleVO } from "../../../../domain/resources/system/role/contract";
import type { RoleGroupVO } from "../../../../domain/resources/system/role/group-contract";
import { roleResource } from ".";

const t = setupResourceTest(() => import("./RoleList"));

async function call<T>(path: string, o: { json?: unknown; query?: Record<string, string> } = {}): Promise<T> {
  const res = await t.api.request(`/api${path}`, { token: t.token, ...o });
  const body = (await res.json()) as R<T>;
  expect(body.msg, JSON.stringify(body)).toBe("操作成功");
  return body.data;
}
const newRole = async (roleName: string, roleAlias: string) => (await call<RoleVO>("/blade-system/role/submit", { json: { roleName, roleAlias, sort: 50 } })).id;
const groupsOf = (roleId: string) => call<RoleGroupVO[]>("/blade-system/roleGroup/listGroupAppByRoleId", { query: { roleId } });

/** Applications are the applications area's: inserted as rows of the platform tenant (the administrator's). */
async function insertApp(appName: string, status = 1) {
  const id = nextId();
  await t.api.db.insert(app).values({ id, tenantId: "000000", appName, appCode: `code_${appName}`, status });
  return id;
}
async function insertAppRole(appId: string, roleName: string, sort: number) {
  const id = nextId();
  await t.api.db.insert(appRole).values({ id, tenantId: "000000", appId, roleName, roleCode: `rc_${id}`, sort });
  return id;
}

const drawerOf = async (roleName: string) => {
  const user = userEvent.setup();
  renderConsole(roleResource);
  const row = await findRow(roleName);
  await user.click(await within(row).findByRole("button", { name: /角色组/ }));
  const drawer = (await screen.findByText(`角色组 · ${roleName}`)).closest(".ant-drawer-content") as HTMLElement;
  return { user, drawer };
};
const cardOf = (drawer: HTMLElement, name: string) => within(drawer).findByRole("region", { name });
/** The open modal titled `title`. */
const modal = (title: string) =>
  waitFor(() => {
    // By its title: the drawer's button may carry the same words (新增角色组).
    const heading = [...document.querySelectorAll(".ant-modal-title")].find((e) => e.textContent === title);
    expect(heading).toBeTruthy();
    return heading!.closest(".ant-modal-content") as HTMLElement;
  });
const popconfirm = async (text: string) => (await screen.findByText(text)).closest(".ant-popover") as HTMLElement;

describe("角色组 on the role list", () => {
  it("is offered to holders of role_group, and shows 暂无数据 for a role without groups", async () => {
    await newRole("空组角色", "empty_group_role");
    const { drawer } = await drawerOf("空组角色");
    await findOwnEmpty(drawer);
    expect(within(drawer).getByRole("button", { name: /新增角色组/ })).toBeInTheDocument();
  });

  it("is not offered without role_group", async () => {
    const reader = await newRole("角色只读", "role_reader");
    const codes = await t.api.db.select({ id: menu.id }).from(menu).where(inArray(menu.code, ["system", "role"]));
    await call("/blade-system/role/grant", { json: { roleIds: [reader], menuIds: codes.map((c) => c.id), dataScopeIds: [], apiScopeIds: [] } });
    await t.api.createUser({ account: "rolereader", password: "Passw0rd!x", roleAliases: ["role_reader"] });
    await signIn(t.api, { account: "rolereader", password: "Passw0rd!x" });
    renderConsole(roleResource);
    const row = await findRow("角色只读");
    await within(row).findByRole("button", { name: /角色用户/ });
    expect(within(row).queryByRole("button", { name: /角色组/ })).toBeNull();
  });

  it("creates a group with the form: the spec's rules, then the server's refusal of a taken name beside the field", async () => {
    const roleId = await newRole("表单角色", "form_role");
    await call("/blade-system/roleGroup/submit", { json: { roleId, groupName: "已有组" } });
    const { user, drawer } = await drawerOf("表单角色");
    await cardOf(drawer, "已有组");
    await user.click(within(drawer).getByRole("button", { name: /新增角色组/ }));
    let dialog = await modal("新增角色组");
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    expect(await within(dialog).findByText("请输入角色组名称")).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText("角色组名称"), "已有组");
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    expect(await within(dialog).findByText("该角色下已存在同名角色组")).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText("角色组名称"));
    await user.type(within(dialog).getByLabelText("角色组名称"), "华东组");
    await user.type(within(dialog).getByLabelText("备注"), "华东区域");
    // Saving is held for a moment after a save (prevent double click).
    await waitFor(() => expect(within(dialog).getByRole("button", { name: /保\s*存/ })).toBeEnabled());
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("添加成功");
    const card = await cardOf(drawer, "华东组");
    expect(within(card).getByText("华东区域")).toBeInTheDocument();
    expect(within(card).getByText("暂未绑定应用")).toBeInTheDocument();
    expect((await groupsOf(roleId)).map((g) => g.groupName)).toEqual(["已有组", "华东组"]);

    // Edit in the same form, loaded with the group's values.
    await user.click(within(card).getByRole("button", { name: /编\s*辑/ }));
    dialog = await modal("编辑角色组");
    const name = within(dialog).getByLabelText("角色组名称");
    expect(name).toHaveValue("华东组");
    await user.clear(name);
    await user.type(name, "华东一组");
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("修改成功");
    await cardOf(drawer, "华东一组");
  });

  it("binds enabled applications, chooses permission groups, disables and deletes after confirmation", async () => {
    const roleId = await newRole("绑定角色", "bind_role");
    await call("/blade-system/roleGroup/submit", { json: { roleId, groupName: "应用组" } });
    const crm = await insertApp("客户关系");
    await insertApp("停用系统", 0);
    const lead = await insertAppRole(crm, "销售主管", 1);
    await insertAppRole(crm, "销售专员", 2);

    const { user, drawer } = await drawerOf("绑定角色");
    let card = await cardOf(drawer, "应用组");
    await user.click(within(card).getByRole("button", { name: /绑定应用/ }));
    const bind = await modal("绑定应用 · 应用组");
    // The applications are loading until 保存 can be pressed (the picker is covered meanwhile).
    await waitFor(() => expect(within(bind).getByRole("button", { name: /保\s*存/ })).toBeEnabled());
    const picker = within(bind).getByRole("combobox", { name: "绑定应用" });
    await user.click(picker);
    await user.type(picker, "客户");
    await user.click(await screen.findByTitle("客户关系"));
    // A disabled application is not offered.
    await user.clear(picker);
    await user.type(picker, "停用");
    await waitFor(() => expect(screen.queryByTitle("停用系统")).toBeNull());
    await user.click(within(bind).getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("操作成功");
    card = await cardOf(drawer, "应用组");
    await within(card).findByText("客户关系");

    await user.click(within(card).getByRole("button", { name: "权限组 客户关系" }));
    const perms = await modal("权限组 · 客户关系");
    await user.click(await within(perms).findByRole("checkbox", { name: "销售主管" }));
    await user.click(within(perms).getByRole("button", { name: /保\s*存/ }));
    await waitFor(async () => expect((await groupsOf(roleId))[0].apps).toEqual([expect.objectContaining({ appId: crm, appRoles: [{ id: lead, roleName: "销售主管" }] })]));
    await within(await cardOf(drawer, "应用组")).findByText("销售主管");

    // Disable, after confirming.
    await user.click(within(await cardOf(drawer, "应用组")).getByRole("switch", { name: "状态 应用组" }));
    const confirmOff = await popconfirm("确定停用该角色组? 停用后该角色的用户将不能使用其中的应用");
    await user.click(within(confirmOff).getByRole("button", { name: /确\s*定/ }));
    await waitFor(async () => expect((await groupsOf(roleId))[0].status).toBe(0));
    await waitFor(async () => expect(within(await cardOf(drawer, "应用组")).getByRole("switch")).not.toBeChecked());

    // Delete, after confirming.
    await user.click(within(await cardOf(drawer, "应用组")).getByRole("button", { name: /删\s*除/ }));
    const confirmDelete = await popconfirm("确定将选择数据删除?");
    await user.click(within(confirmDelete).getByRole("button", { name: /删\s*除/ }));
    await screen.findByText("删除成功");
    await findOwnEmpty(drawer);
    expect(await groupsOf(roleId)).toEqual([]);
  });

  it("says so when the groups cannot be loaded, and loads them on retry", async () => {
    const roleId = await newRole("失败角色", "failing_role");
    await call("/blade-system/roleGroup/submit", { json: { roleId, groupName: "重试组" } });
    // A stub: the reference server cannot be made to fail this read on demand.
    t.api.server.use(
      http.get("*/api/blade-system/roleGroup/listGroupAppByRoleId", () => HttpResponse.json({ code: 500, success: false, msg: "服务器异常", data: null }, { status: 500 }), {
        once: true,
      }),
    );
    const { user, drawer } = await drawerOf("失败角色");
    expect(await within(drawer).findByText("角色组加载失败")).toBeInTheDocument();
    await user.click(within(drawer).getByRole("button", { name: /重\s*试/ }));
    await cardOf(drawer, "重试组");
  });
});
