/**
 * The grant dialog, the users of a role and the policy view against the reference server: what
 * is checked and saved here is what the server then holds.
 */
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findRow, renderConsole, setupResourceTest } from "../../../testing/harness";
import type { R } from "../../../../domain/contract";
import type { RoleDetail, RoleVO } from "../../../../domain/resources/system/role/contract";
import { roleResource } from ".";

const t = setupResourceTest(() => import("./RoleList"));

async function createRole(roleName: string, roleAlias: string): Promise<string> {
  const res = await t.api.request("/api/blade-system/role/submit", { token: t.token, json: { roleName, roleAlias, sort: 3 } });
  return ((await res.json()) as R<RoleVO>).data.id;
}

async function grantedCodes(roleId: string): Promise<string[]> {
  const res = await t.api.request("/api/blade-system/role/roleDetail", { token: t.token, query: { id: roleId } });
  const detail = ((await res.json()) as R<RoleDetail>).data;
  const menus = await t.api.request("/api/blade-system/menu/list", { token: t.token });
  type Menu = { id: string; code: string; children?: Menu[] };
  const flat = (nodes: Menu[]): Menu[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
  const all = flat(((await menus.json()) as R<Menu[]>).data);
  return all.filter((m) => detail.menuIds.includes(m.id)).map((m) => m.code).sort();
}

/** The tree node titled `title` (the last one, in a filtered tree the match). */
const treeNode = (tree: HTMLElement, title: string) => within(tree).getAllByText(title).at(-1)!.closest(".ant-tree-treenode") as HTMLElement;

/**
 * The dialog (modal or drawer) with this title. Found by its text: antd gives every dialog of a
 * test render the same title id, so a second open dialog has the first one's accessible name.
 */
const dialogTitled = async (title: string) => (await screen.findByText(title)).closest("[role=dialog]") as HTMLElement;

describe("Roles: grants, users and policies against the reference server", () => {
  it("grants a role a page and one of its buttons in 权限设置, and shows them checked next time", async () => {
    const roleId = await createRole("岗位专员", "post_clerk");
    const user = userEvent.setup();
    renderConsole(roleResource);
    const row = await findRow("岗位专员");
    await user.click(await within(row).findByRole("button", { name: /权限设置/ }));
    const dialog = await dialogTitled("权限设置 · 岗位专员");
    await within(dialog).findByRole("tree", { name: "菜单权限" });
    await user.type(within(dialog).getByRole("searchbox", { name: /菜单权限/ }), "岗位");
    // The tree is rebuilt for the keyword: look it up afresh each time.
    const tree = () => within(dialog).getByRole("tree", { name: "菜单权限" });
    await waitFor(() => expect(within(tree()).getAllByText("新增")).toHaveLength(1));
    await user.click(within(tree()).getByText("新增"));
    // The page and its group are checked with it; the other buttons are not.
    await waitFor(() => expect(treeNode(tree(), "岗位管理")).toHaveClass("ant-tree-treenode-checkbox-checked"));
    expect(treeNode(tree(), "系统管理")).toHaveClass("ant-tree-treenode-checkbox-checked");
    expect(treeNode(tree(), "删除")).not.toHaveClass("ant-tree-treenode-checkbox-checked");
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("操作成功");
    await waitFor(() => expect(screen.queryByText("权限设置 · 岗位专员")).toBeNull());
    expect(await grantedCodes(roleId)).toEqual(["post", "post_add", "system"]);

    await user.click(within(await findRow("岗位专员")).getByRole("button", { name: /权限设置/ }));
    const again = await dialogTitled("权限设置 · 岗位专员");
    await within(again).findByRole("tree", { name: "菜单权限" });
    await user.type(within(again).getByRole("searchbox", { name: /菜单权限/ }), "岗位");
    const reopened = () => within(again).getByRole("tree", { name: "菜单权限" });
    await waitFor(() => expect(treeNode(reopened(), "新增")).toHaveClass("ant-tree-treenode-checkbox-checked"));
    expect(treeNode(reopened(), "删除")).not.toHaveClass("ant-tree-treenode-checkbox-checked");
  });

  it("adds a user to a role in its users drawer and takes them out again", async () => {
    await createRole("值班员", "on_duty");
    await t.api.createUser({ account: "lisi", password: "Passw0rd!x", realName: "李四", roleAliases: ["user"] });
    const user = userEvent.setup();
    renderConsole(roleResource);
    await user.click(within(await findRow("值班员")).getByRole("button", { name: /角色用户/ }));
    const drawer = await dialogTitled("角色用户 · 值班员");
    await within(drawer).findByText("暂无数据");
    await user.click(within(drawer).getByRole("button", { name: /添加用户/ }));
    const picker = await dialogTitled("添加用户 · 值班员");
    const candidate = (await within(picker).findByText("lisi")).closest("tr") as HTMLElement;
    await user.click(within(candidate).getByRole("checkbox"));
    await user.click(within(picker).getByRole("button", { name: /确\s*定/ }));
    await screen.findByText("添加成功");
    const holder = (await within(drawer).findByText("lisi")).closest("tr") as HTMLElement;
    expect(holder).toHaveTextContent("普通用户,值班员");

    await user.click(within(holder).getByRole("button", { name: /移\s*出/ }));
    const confirm = (await screen.findByText("确定将该用户移出此角色?")).closest(".ant-popover") as HTMLElement;
    await user.click(within(confirm).getByRole("button", { name: /确\s*定/ }));
    await screen.findByText("移出成功");
    await waitFor(() => expect(within(drawer).queryByText("lisi")).toBeNull());
  });

  it("shows each role's grants in summary in the policy view", async () => {
    const user = userEvent.setup();
    renderConsole(roleResource);
    await findRow("普通用户");
    await user.click(screen.getByText("角色策略"));
    const table = await screen.findByRole("table");
    const row = (await within(table).findByText("user")).closest("tr") as HTMLElement;
    // Role `user` of the seed: the workbench and the dashboard.
    expect(row).toHaveTextContent("工作台,仪表盘");
  });
});
