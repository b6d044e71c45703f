/**
 * Tenants against the reference server (MSW forwards /api/* to the Hono app on a fresh database):
 * create with the administrator's password shown once, enable/disable, authorisation, package and
 * a password reset — each asked for first where it changes things.
 */
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findRow, findTable, renderConsole, setupResourceTest } from "../../../testing/harness";
import type { Page, R } from "../../../../domain/contract";
import { tenantPackageResource } from "../tenantPackage";
import { tenantResource } from ".";

const t = setupResourceTest(() => import("./TenantList"));

interface TenantRow {
  id: string;
  datasourceId: string;
  tenantId: string;
  tenantName: string;
  status: number;
  accountNumber: number;
  packageId: string;
}

async function onServer(tenantName: string): Promise<TenantRow | undefined> {
  const res = await t.api.request("/api/blade-system/tenant/list", { token: t.token, query: { tenantName } });
  return ((await res.json()) as R<Page<TenantRow>>).data.records.find((r) => r.tenantName === tenantName);
}

async function createOnServer(tenantName: string): Promise<TenantRow> {
  const res = await t.api.request("/api/blade-system/tenant/submit", { token: t.token, json: { tenantName, linkman: "赵六", contactNumber: "13700000000" } });
  return ((await res.json()) as R<TenantRow>).data;
}

const confirmIn = async (user: ReturnType<typeof userEvent.setup>, title: RegExp) => {
  const dialog = await screen.findByRole("dialog", { name: title });
  await user.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
};

describe("System → Tenants against the reference server", () => {
  it("creates a tenant and shows its administrator's password once, with the warning; the password signs in", async () => {
    const user = userEvent.setup();
    renderConsole(tenantResource, { resources: [tenantPackageResource] });
    await findTable();
    await user.click(await screen.findByRole("button", { name: /新\s*增/ }));
    const form = await screen.findByRole("dialog", { name: /新增/ });
    await user.click(within(form).getByRole("button", { name: /保\s*存/ }));
    await within(form).findByText("请输入租户名称");
    await user.type(within(form).getByLabelText("租户名称"), "界面租户");
    await user.type(within(form).getByLabelText("联系人"), "钱七");
    await user.type(within(form).getByLabelText("联系电话"), "13600000000");
    await user.click(within(form).getByRole("button", { name: /保\s*存/ }));

    const secret = await screen.findByRole("dialog", { name: "租户管理员账号" });
    expect(within(secret).getByText("密码只显示这一次，关闭后将无法再次查看，请立即复制并妥善保存。")).toBeInTheDocument();
    const password = within(secret).getByTestId("tenant-admin-password").textContent!.trim();
    expect(password.length).toBeGreaterThanOrEqual(16);
    const created = (await onServer("界面租户"))!;
    expect(within(secret).getByText(created.tenantId)).toBeInTheDocument();
    expect((await t.api.login("admin", password, { tenantId: created.tenantId })).tenant_id).toBe(created.tenantId);

    await user.click(within(secret).getByRole("button", { name: /我已保存/ }));
    await waitFor(() => expect(screen.queryByText(password)).not.toBeInTheDocument());
    await findRow("界面租户");
  });

  it("disables a tenant after confirmation; the platform tenant's switch is locked", async () => {
    const user = userEvent.setup();
    await createOnServer("停用测试");
    renderConsole(tenantResource, { resources: [tenantPackageResource] });
    const platform = await findRow("管理组");
    expect(within(platform).getByRole("switch")).toBeDisabled();
    const row = await findRow("停用测试");
    await user.click(within(row).getByRole("switch", { name: /停用测试/ }));
    await confirmIn(user, /确定停用租户“停用测试”/);
    await waitFor(async () => expect((await onServer("停用测试"))?.status).toBe(0));
  });

  it("shows an unlimited quota as 不限 and an empty expiry as 永不过期, never -1, in the create and authorisation dialogs", async () => {
    const user = userEvent.setup();
    await createOnServer("不限测试");
    renderConsole(tenantResource, { resources: [tenantPackageResource] });
    await findTable();
    await user.click(await screen.findByRole("button", { name: /新\s*增/ }));
    const create = await screen.findByRole("dialog", { name: "新增租户" });
    expect(within(create).getByLabelText("账号额度")).toHaveValue("不限");
    expect(within(create).getByRole("checkbox", { name: "不限" })).toBeChecked();
    expect(within(create).getByPlaceholderText("永不过期")).toBeInTheDocument();
    expect(within(create).queryByDisplayValue("-1")).not.toBeInTheDocument();
    await user.click(within(create).getByRole("button", { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "新增租户" })).not.toBeInTheDocument());

    await user.click(await within(await findRow("不限测试")).findByRole("button", { name: /更多 不限测试/ }));
    await user.click(await screen.findByRole("menuitem", { name: "授权配置" }));
    const dialog = await screen.findByRole("dialog", { name: /授权配置/ });
    const quota = within(dialog).getByLabelText("账号额度");
    expect(quota).toHaveValue("不限");
    expect(within(dialog).queryByText(/-1/)).not.toBeInTheDocument();
    // Lifting 不限 asks for a number; ticking it again sets the limit off (Blade's -1 on the wire).
    await user.click(within(dialog).getByRole("checkbox", { name: "不限" }));
    await waitFor(() => expect(quota).toHaveValue(""));
    await user.type(quota, "30");
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await waitFor(async () => expect((await onServer("不限测试"))?.accountNumber).toBe(30));
  });

  it("sets the account quota, and resets the administrator's password into the shown-once dialog", async () => {
    const user = userEvent.setup();
    const created = await createOnServer("授权测试");
    renderConsole(tenantResource, { resources: [tenantPackageResource] });
    const row = await findRow("授权测试");
    await user.click(await within(row).findByRole("button", { name: /更多 授权测试/ }));
    await user.click(await screen.findByRole("menuitem", { name: "授权配置" }));
    const dialog = await screen.findByRole("dialog", { name: /授权配置/ });
    const quota = within(dialog).getByLabelText("账号额度");
    await user.clear(quota);
    await user.type(quota, "25");
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await waitFor(async () => expect((await onServer("授权测试"))?.accountNumber).toBe(25));

    await user.click(await within(await findRow("授权测试")).findByRole("button", { name: /更多 授权测试/ }));
    await user.click(await screen.findByRole("menuitem", { name: "重置管理员密码" }));
    await confirmIn(user, /生成新密码/);
    const secret = await screen.findByRole("dialog", { name: "租户管理员账号" });
    const password = within(secret).getByTestId("tenant-admin-password").textContent!.trim();
    expect((await t.api.login("admin", password, { tenantId: created.tenantId })).account).toBe("admin");
  });
  it("places the tenant on a datasource chosen by name from its row, and back on the platform's", async () => {
    const user = userEvent.setup();
    await createOnServer("数据源测试");
    const source = await t.api.request("/api/blade-develop/datasource/submit", {
      token: t.token,
      json: { name: "华东专库", driverClass: "postgresql", url: "postgresql://db.example.com:5432/east", username: "east", password: "x" },
    });
    const datasourceId = ((await source.json()) as R<{ id: string }>).data.id;
    renderConsole(tenantResource, { resources: [tenantPackageResource] });
    const choose = async () => {
      await user.click(await within(await findRow("数据源测试")).findByRole("button", { name: /更多 数据源测试/ }));
      await user.click(await screen.findByRole("menuitem", { name: "数据源" }));
      return screen.findByRole("dialog", { name: /数据源 · 数据源测试/ });
    };
    let dialog = await choose();
    await user.click(within(dialog).getByRole("combobox"));
    const options = await screen.findAllByTitle("华东专库");
    await user.click(options[options.length - 1]);
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await waitFor(async () => expect((await onServer("数据源测试"))?.datasourceId).toBe(datasourceId));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: /数据源 · 数据源测试/ })).not.toBeInTheDocument());

    // Opened again, it shows the name; cleared, the tenant is back on the platform's database.
    dialog = await choose();
    expect(await within(dialog).findByTitle("华东专库")).toBeInTheDocument();
    await user.hover(within(dialog).getByTitle("华东专库"));
    await user.click(dialog.querySelector(".ant-select-clear")!);
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await waitFor(async () => expect((await onServer("数据源测试"))?.datasourceId).toBe(""));
  });
});
