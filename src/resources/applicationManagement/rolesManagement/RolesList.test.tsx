/** 应用角色 against the reference server: the application filter, create under an application, 分配用户. */
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findRow, renderConsole, setupResourceTest } from "../../../testing/harness";
import { rolesManagementResource } from ".";

const t = setupResourceTest(() => import("./RolesList"));

async function post(path: string, json: Record<string, unknown>): Promise<string> {
  const res = await t.api.request(`/api/authentication${path}`, { token: t.token, json });
  const body = await res.json();
  expect(body.msg).toBe("操作成功");
  return (body.data as { id: string }).id;
}
const rolesOf = async (appId: string) => {
  const res = await t.api.request("/api/authentication/bladeApplicationRole/page", { token: t.token, query: { appId } });
  return (await res.json()).data.records as { roleName: string; roleCode: string }[];
};

describe("Applications → 应用角色 against the reference server", () => {
  it("filters by application and creates a role under the chosen one", async () => {
    const user = userEvent.setup();
    const crm = await post("/app/insert", { appName: "客户管理", appCode: "crm", appUrl: "https://crm.example.com" });
    const hr = await post("/app/insert", { appName: "人事系统", appCode: "hr", appUrl: "https://hr.example.com" });
    await post("/bladeApplicationRole/insert", { appId: hr, roleName: "人事专员", roleCode: "hr_clerk" });
    renderConsole(rolesManagementResource);
    await findRow("人事专员");

    await user.click(screen.getByRole("combobox", { name: "所属应用" }));
    await user.click(await screen.findByTitle("客户管理"));
    await waitFor(() => expect(screen.queryByText("人事专员")).toBeNull());

    await user.click(await screen.findByRole("button", { name: /新\s*增/ }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await within(dialog).findByText("请输入角色名称");
    await user.type(within(dialog).getByLabelText("角色名称"), "销售经理");
    await user.type(within(dialog).getByLabelText("角色编码"), "sales_manager");
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("添加成功");
    expect(await rolesOf(crm)).toEqual([expect.objectContaining({ roleName: "销售经理", roleCode: "sales_manager" })]);
    await findRow("销售经理");
  });

  it("assigns users to a role with 分配用户, searching by name", async () => {
    const user = userEvent.setup();
    const { id: userId } = await t.api.createUser({ account: "zhangsan", password: "Passw0rd!x", realName: "张三", roleAliases: ["user"] });
    const app = await post("/app/insert", { appName: "门户", appCode: "portal", appUrl: "https://portal.example.com" });
    await post("/bladeApplicationRole/insert", { appId: app, roleName: "门户编辑", roleCode: "editor" });
    renderConsole(rolesManagementResource);
    const row = await findRow("门户编辑");
    await user.click(await within(row).findByRole("button", { name: /分配用户/ }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await within(dialog).findByText("请选择用户");
    await user.type(within(dialog).getByRole("combobox"), "张三");
    await user.click(await screen.findByTitle("张三 (zhangsan)"));
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("分配成功");
    const res = await t.api.request("/api/authentication/bladeApplicationRole/getAppRole", { token: t.token, query: { userId } });
    expect((await res.json()).data).toEqual([expect.objectContaining({ roleName: "门户编辑", appName: "门户" })]);
  });
});
