/**
 * Roles against the reference server (MSW forwards /api/* to the Hono app on a fresh copy of the
 * seeded database): the tree list, the form with parent and category, delete, and categories.
 */
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findRow, findTable, loadedField, renderConsole, setupResourceTest } from "../../../testing/harness";
import type { R } from "../../../../domain/contract";
import type { RoleVO } from "../../../../domain/resources/system/role/contract";
import { columnWidth, expectBoundedTable } from "../../../components/table-columns.testing";
import { roleResource } from ".";

const t = setupResourceTest(() => import("./RoleList"));

async function rolesOnServer(query: Record<string, string> = {}): Promise<RoleVO[]> {
  const res = await t.api.request("/api/blade-system/role/page", { token: t.token, query: { size: "200", ...query } });
  return ((await res.json()) as R<{ records: RoleVO[] }>).data.records;
}

async function post(path: string, json: unknown) {
  const res = await t.api.request(`/api${path}`, { token: t.token, json });
  const body = (await res.json()) as R<{ id: string }>;
  expect(body.msg, JSON.stringify(body)).toBe("操作成功");
  return body.data;
}

async function pickTreeOption(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, label: string, option: string) {
  await user.click(within(dialog).getByRole("combobox", { name: label }));
  const choices = await screen.findAllByTitle(option);
  await user.click(choices[choices.length - 1]);
}

/** The list's 新增 (not the category card's). */
const createButton = () =>
  waitFor(() => {
    const found = screen.getAllByRole("button", { name: /新\s*增/ }).find((b) => !b.getAttribute("aria-label"));
    if (!found) throw new Error("the list's 新增 is not there yet");
    return found;
  });

const saveButton = (dialog: HTMLElement) => within(dialog).getByRole("button", { name: /保\s*存/ });

describe("System → Roles against the reference server", () => {
  it("lists the roles; the administrator role can be neither edited, deleted nor granted", async () => {
    renderConsole(roleResource);
    const row = await findRow("超级管理员");
    expect(within(row).queryByRole("button", { name: /编\s*辑/ })).toBeNull();
    expect(within(row).queryByRole("button", { name: /删\s*除/ })).toBeNull();
    expect(within(row).queryByRole("button", { name: /权限设置/ })).toBeNull();
    expect(await within(row).findByRole("button", { name: /角色用户/ })).toBeInTheDocument();
    const plain = await findRow("普通用户");
    expect(within(plain).getByRole("button", { name: /权限设置/ })).toBeInTheDocument();
    expect(within(plain).getByRole("button", { name: /编\s*辑/ })).toBeInTheDocument();
  });

  it("refuses an empty form with the spec's messages, then creates a role under a parent", async () => {
    const user = userEvent.setup();
    renderConsole(roleResource);
    await findTable();
    await user.click(await createButton());
    const dialog = await screen.findByRole("dialog");
    await user.click(saveButton(dialog));
    await within(dialog).findByText("请输入角色名称");
    expect(await within(dialog).findByText("请输入角色别名")).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText("角色名称"), "测试经理");
    await user.type(within(dialog).getByLabelText("角色别名"), "test_manager");
    await pickTreeOption(user, dialog, "上级角色", "普通用户");
    await user.click(saveButton(dialog));
    await screen.findByText("添加成功");
    const [created] = await rolesOnServer({ roleName: "测试经理" });
    expect(created).toMatchObject({ roleAlias: "test_manager", parentName: "普通用户", sort: 1 });
  });

  it("shows the server's refusal of a duplicate alias beside the field", async () => {
    const user = userEvent.setup();
    renderConsole(roleResource);
    await findTable();
    await user.click(await createButton());
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("角色名称"), "重复");
    await user.type(within(dialog).getByLabelText("角色别名"), "user");
    await user.click(saveButton(dialog));
    await waitFor(() => expect(within(dialog).getByText("角色别名已存在")).toBeInTheDocument());
    expect(await rolesOnServer({ roleName: "重复" })).toEqual([]);
  });

  it("edits a role in the same form, loaded from the server", async () => {
    await post("/blade-system/role/submit", { roleName: "待改名", roleAlias: "rename_me", sort: 5 });
    const user = userEvent.setup();
    renderConsole(roleResource);
    const row = await findRow("待改名");
    await user.click(await within(row).findByRole("button", { name: /编\s*辑/ }));
    const dialog = await screen.findByRole("dialog");
    const name = await loadedField("角色名称", "待改名");
    await user.clear(name);
    await user.type(name, "已改名");
    await user.click(saveButton(dialog));
    await screen.findByText("修改成功");
    expect(await rolesOnServer({ roleName: "已改名" })).toHaveLength(1);
  });

  it("deletes after confirmation, and shows why a role in use is kept", async () => {
    await post("/blade-system/role/submit", { roleName: "临时角色", roleAlias: "temp_role", sort: 6 });
    await post("/blade-system/role/submit", { roleName: "在用角色", roleAlias: "in_use", sort: 8 });
    await t.api.createUser({ account: "holder", password: "Passw0rd!x", roleAliases: ["in_use"] });
    const user = userEvent.setup();
    renderConsole(roleResource);
    const row = await findRow("临时角色");
    await user.click(await within(row).findByRole("button", { name: /删\s*除/ }));
    let confirm = (await screen.findByText("确定将选择数据删除?")).closest(".ant-popover") as HTMLElement;
    await user.click(within(confirm).getByRole("button", { name: /删\s*除/ }));
    await screen.findByText("删除成功");
    await waitFor(async () => expect(await rolesOnServer({ roleName: "临时角色" })).toEqual([]));

    const used = await findRow("在用角色");
    await user.click(await within(used).findByRole("button", { name: /删\s*除/ }));
    confirm = (await screen.findAllByText("确定将选择数据删除?")).at(-1)!.closest(".ant-popover") as HTMLElement;
    await user.click(within(confirm).getByRole("button", { name: /删\s*除/ }));
    await screen.findByText("角色「在用角色」下仍有1个用户，请先将用户移出该角色");
    expect(await rolesOnServer({ roleName: "在用角色" })).toHaveLength(1);
  });

  it("adds a category beside the list, files a role under it and filters by it", async () => {
    await post("/blade-system/role/submit", { roleName: "分类中的角色", roleAlias: "in_category", sort: 7 });
    const user = userEvent.setup();
    renderConsole(roleResource);
    await findTable();
    await user.click(await screen.findByRole("button", { name: "新增 角色分类" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("分类名称"), "职能角色");
    await user.click(saveButton(dialog));
    await screen.findByText("添加成功");
    const tree = screen.getByRole("tree");
    await within(tree).findByText("职能角色");

    // File the role under it through the role form.
    const row = await findRow("分类中的角色");
    await user.click(await within(row).findByRole("button", { name: /编\s*辑/ }));
    const edit = await screen.findByRole("dialog");
    await loadedField("角色名称", "分类中的角色");
    await pickTreeOption(user, edit, "角色分类", "职能角色");
    await user.click(saveButton(edit));
    await screen.findByText("修改成功");

    await user.click(within(tree).getByText("职能角色"));
    // One wait for the whole filtered page: between the click and the answer the table is empty.
    await waitFor(() => {
      const table = within(screen.getByRole("table"));
      expect(table.queryByText("普通用户")).toBeNull();
      expect(table.getByText("分类中的角色")).toBeInTheDocument();
      expect(table.getAllByText("职能角色").length).toBeGreaterThan(0);
    });
  });

  it("keeps a role's long list of granted menus on one line inside the policy card, whole in a tooltip", async () => {
    const user = userEvent.setup();
    renderConsole(roleResource);
    await findTable();
    await user.click(await screen.findByText("角色策略"));
    const card = (await screen.findByText("角色策略", { selector: ".ant-card-head-title" })).closest(".ant-card") as HTMLElement;
    // The administrator holds every menu: the longest list there is.
    const row = (await within(card).findByText("超级管理员")).closest("tr") as HTMLElement;
    expectBoundedTable(row);
    expect(columnWidth(row, "授权菜单")).toBe("260px");
    const menus = row.querySelectorAll("td")[3];
    expect(menus.className).toContain("ant-table-cell-ellipsis");
    await user.hover(menus.querySelector("span") as HTMLElement);
    expect((await screen.findByRole("tooltip")).textContent).toBe(menus.textContent);
  });
});
