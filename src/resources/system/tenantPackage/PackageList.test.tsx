/** Tenant packages against the reference server: a package is made by ticking menus in the tree. */
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findRow, findTable, renderConsole, setupResourceTest } from "../../../testing/harness";
import type { Page, R } from "../../../../domain/contract";
import { tenantPackageResource } from ".";

const t = setupResourceTest(() => import("./PackageList"));

/** The codes of a package's menu ids, read from the picker's own tree. */
const codesOf = async (ids: string) => {
  type Node = { id: string; code: string; children?: Node[] };
  const res = await t.api.request("/api/blade-system/tenant-package/menu-tree", { token: t.token });
  const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
  return flat(((await res.json()) as R<Node[]>).data).filter((m) => ids.split(",").includes(m.id)).map((m) => m.code);
};

/** The checkbox of the tree node titled `title` in `scope`. */
const checkbox = (scope: HTMLElement, title: string) =>
  within(scope).getByTitle(title).closest(".ant-tree-treenode")!.querySelector(".ant-tree-checkbox") as HTMLElement;

describe("System → Tenant packages against the reference server", () => {
  it("refuses a package without menus, then saves the ticked menus with the path above them", async () => {
    const user = userEvent.setup();
    renderConsole(tenantPackageResource);
    await findTable();
    await user.click(await screen.findByRole("button", { name: /新\s*增/ }));
    const form = await screen.findByRole("dialog", { name: /新增/ });
    await user.type(within(form).getByLabelText("套餐名称"), "岗位套餐");
    await user.click(within(form).getByRole("button", { name: /保\s*存/ }));
    await within(form).findByText("请输入菜单权限");

    const tree = await within(form).findByRole("group", { name: "菜单权限" });
    expect(within(tree).queryByTitle("租户管理")).not.toBeInTheDocument();
    await user.click(checkbox(tree, "岗位管理"));
    await user.click(within(form).getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("添加成功");
    await findRow("岗位套餐");

    const res = await t.api.request("/api/blade-system/tenant-package/list", { token: t.token, query: { packageName: "岗位套餐" } });
    const [saved] = ((await res.json()) as R<Page<{ menuId: string }>>).data.records;
    await waitFor(async () => expect((await codesOf(saved.menuId)).sort()).toEqual(["post", "post_add", "post_delete", "post_edit", "post_view", "system"]));
  });
});
