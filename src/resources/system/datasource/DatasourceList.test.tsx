/**
 * 数据源 against the reference server (MSW forwards /api/* to the Hono app) and a real PostgreSQL
 * (a throw-away cluster that asks for passwords): 测试连接 in the form and on a row shows the
 * server's version or what is wrong; the password is write-only; a datasource a tenant is on is
 * not deleted. Without Debian's PostgreSQL binaries the connection tests are skipped, saying why.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findRow, findTable, loadedField, renderConsole, setupResourceTest } from "../../../testing/harness";
import type { Page, R } from "../../../../domain/contract";
import { POSTGRES_MISSING, startTempPostgres, type TempPostgres } from "../../../../server/test/postgres";
import { datasourceResource } from ".";

const t = setupResourceTest(() => import("./DatasourceList"));
const BASE = "/api/blade-develop/datasource";
const PASSWORD = "Console-pg-42";

let pg: TempPostgres | null = null;
beforeAll(async () => {
  pg = await startTempPostgres({ user: "tenantdb", password: PASSWORD });
  if (!pg) console.warn(`DatasourceList: connection cases skipped: ${POSTGRES_MISSING}`);
}, 120_000);
afterAll(() => pg?.stop());

interface Row {
  id: string;
  name: string;
  url: string;
  passwordSet: boolean;
}

async function onServer(name: string) {
  const res = await t.api.request(`${BASE}/page`, { token: t.token, query: { name } });
  const raw = await res.text();
  return { raw, row: (JSON.parse(raw) as R<Page<Row>>).data.records.find((r) => r.name === name) };
}
const createOnServer = async (name: string, password: string) =>
  ((await (await t.api.request(`${BASE}/submit`, { token: t.token, json: { name, driverClass: "postgresql", url: `postgresql://127.0.0.1:${pg?.port ?? 5432}/blade`, username: "tenantdb", password } })).json()) as R<Row>).data;

describe("System → 数据源 against the reference server", () => {
  it("tests the typed values in the form, saves with the password write-only, and keeps it on edit", async (ctx) => {
    if (!pg) return ctx.skip();
    const user = userEvent.setup();
    renderConsole(datasourceResource);
    await findTable();
    await user.click(await screen.findByRole("button", { name: /新\s*增/ }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("名称"), "租户专库");
    await user.type(within(dialog).getByLabelText("连接地址"), "mysql://127.0.0.1/blade");
    await user.type(within(dialog).getByLabelText("用户名"), "tenantdb");
    await user.click(within(dialog).getByRole("button", { name: /测试连接/ }));
    expect(await within(dialog).findByText("数据源地址格式应为 postgresql://主机:端口/数据库 或 jdbc:postgresql://主机:端口/数据库")).toBeInTheDocument();

    const url = within(dialog).getByLabelText("连接地址");
    await user.clear(url);
    await user.type(url, `jdbc:postgresql://127.0.0.1:${pg.port}/blade`);
    await user.type(within(dialog).getByLabelText("密码"), "wrong-password");
    await user.click(within(dialog).getByRole("button", { name: /测试连接/ }));
    const failed = await within(dialog).findByRole("alert");
    expect(within(failed).getByText("连接失败")).toBeInTheDocument();
    expect(within(failed).getByText("认证失败：用户名或密码错误")).toBeInTheDocument();

    const password = within(dialog).getByLabelText("密码");
    await user.clear(password);
    await user.type(password, PASSWORD);
    await user.click(within(dialog).getByRole("button", { name: /测试连接/ }));
    await waitFor(() => expect(within(dialog).getByRole("alert")).toHaveTextContent(/连接成功PostgreSQL 1\d/));

    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("添加成功");
    const saved = await onServer("租户专库");
    expect(saved.row).toMatchObject({ url: `postgresql://127.0.0.1:${pg.port}/blade`, passwordSet: true });
    expect(saved.raw).not.toContain(PASSWORD);

    await user.click(await within(await findRow("租户专库")).findByRole("button", { name: /编\s*辑/ }));
    const edit = await screen.findByRole("dialog");
    await loadedField("名称", "租户专库");
    expect(within(edit).getByText("已设置")).toBeInTheDocument();
    expect(within(edit).getByLabelText("密码")).toHaveValue("");
    // The stored password serves the test of the saved address.
    await user.click(within(edit).getByRole("button", { name: /测试连接/ }));
    await waitFor(() => expect(within(edit).getByRole("alert")).toHaveTextContent(/连接成功PostgreSQL/));
  });

  it("tests a saved row from the list: its version, or why it cannot connect", async (ctx) => {
    if (!pg) return ctx.skip();
    await createOnServer("好库", PASSWORD);
    await createOnServer("坏库", "not-the-password");
    const user = userEvent.setup();
    renderConsole(datasourceResource);
    await user.click(await within(await findRow("好库")).findByRole("button", { name: "测试连接 好库" }));
    const ok = await screen.findByRole("dialog", { name: "连接成功" });
    expect(ok).toHaveTextContent(/PostgreSQL 1\d/);
    await user.click(within(ok).getByRole("button", { name: /确\s*定/ }));

    await user.click(await within(await findRow("坏库")).findByRole("button", { name: "测试连接 坏库" }));
    const failed = await screen.findByRole("dialog", { name: "连接失败" });
    expect(failed).toHaveTextContent("认证失败：用户名或密码错误");
  });

  it("does not delete a datasource a tenant is placed on, and says which tenant", async () => {
    const row = await createOnServer("在用库", "x");
    await t.api.createTenant("100009", "华南分公司");
    await t.api.request("/api/blade-system/tenant/datasource", { token: t.token, json: { tenantId: "100009", datasourceId: row.id } });
    const user = userEvent.setup();
    renderConsole(datasourceResource);
    await user.click(await within(await findRow("在用库")).findByRole("button", { name: /删\s*除/ }));
    const confirm = (await screen.findByText("确定将选择数据删除?")).closest(".ant-popover") as HTMLElement;
    await user.click(within(confirm).getByRole("button", { name: /删\s*除/ }));
    expect(await screen.findByText("数据源正在被租户华南分公司使用，不能删除")).toBeInTheDocument();
    expect((await onServer("在用库")).row).toBeDefined();
  });
});
