/** 应用角色 against the reference server: the application filter, create under an application, 分配用户, 分配目录. */
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

  it("assigns directories to a role with 分配目录: the held ones come checked, saving keeps exactly the checked set", async () => {
    const user = userEvent.setup();
    const app = await post("/app/insert", { appName: "知识库", appCode: "wiki", appUrl: "https://wiki.example.com" });
    const role = await post("/bladeApplicationRole/insert", { appId: app, roleName: "编辑", roleCode: "editor" });
    const office = await post("/bladeApplicationDirectory/insert", { directoryName: "办公目录", directoryCode: "office" });
    await post("/bladeApplicationDirectory/insert", { directoryName: "文档目录", directoryCode: "office.docs", parentId: office });
    await post("/bladeApplicationRole/addAppDirectory", { roleId: role, directoryIds: [office] });
    const held = async () => {
      const res = await t.api.request("/api/authentication/bladeApplicationRole/getAppDirectory", { token: t.token, query: { roleId: role } });
      return ((await res.json()).data as { directoryName: string }[]).map((d) => d.directoryName);
    };
    renderConsole(rolesManagementResource);
    const row = await findRow("编辑");
    await user.click(await within(row).findByRole("button", { name: /分配目录/ }));
    const dialog = await screen.findByRole("dialog", { name: "分配目录 · 编辑" });
    const checkbox = async (name: string) => (await within(dialog).findByTitle(name)).closest(".ant-tree-treenode")!.querySelector(".ant-tree-checkbox")!;
    await waitFor(async () => expect(await checkbox("办公目录")).toHaveClass("ant-tree-checkbox-checked"));
    // Checking a parent does not check its children: each directory is given on its own.
    expect(await checkbox("文档目录")).not.toHaveClass("ant-tree-checkbox-checked");
    await user.click(await checkbox("办公目录"));
    await user.click(await checkbox("文档目录"));
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("分配成功");
    expect(await held()).toEqual(["文档目录"]);
  });
});
