import { createServer, type Socket } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { datasource, tenant } from "../../db/schema";
import { twoTenants, type TenantTokens } from "../../test/conformance";
import { freshApp, type TestApp } from "../../test/fresh-app";
import { freePort, POSTGRES_MISSING, startTempPostgres, type TempPostgres } from "../../test/postgres";
import { testConnection } from "./connect";
import { PASSWORD_FIELD } from "./routes";

/*
 * 数据源 against a real PostgreSQL (a throw-away cluster asking for passwords over TCP): 测试连接
 * answers its version or says in words what is wrong; the password is write-only; a datasource a
 * tenant is placed on cannot be deleted; nobody but the platform administrator reaches any of it.
 * Without Debian's PostgreSQL binaries the connection tests are skipped, saying why.
 */
const BASE = "/api/blade-develop/datasource";
const PASSWORD = "Ds-s3cret!pw";

let t: TestApp;
let tokens: TenantTokens;
let pg: TempPostgres | null = null;

beforeAll(async () => {
  [t, pg] = await Promise.all([freshApp({ oauth: false }), startTempPostgres({ user: "tenantdb", password: PASSWORD })]);
  if (!pg) console.warn(`datasource tests: connection cases skipped: ${POSTGRES_MISSING}`);
  tokens = await twoTenants(t);
}, 120_000);
afterAll(async () => {
  pg?.stop();
  await t.close();
});

const post = async (path: string, json: unknown, token = tokens.admin) => {
  const res = await t.request(`${BASE}${path}`, { token, json });
  const raw = await res.text();
  return { status: res.status, raw, body: JSON.parse(raw) as { code: number; msg: string; data: Record<string, unknown> & { version?: string } } };
};
const pgUrl = (port = pg!.port, db = "blade") => `postgresql://127.0.0.1:${port}/${db}`;
const create = async (name: string, extra: Record<string, unknown> = {}) => {
  const r = await post("/submit", { name, driverClass: "postgresql", url: pgUrl(), username: "tenantdb", password: PASSWORD, ...extra });
  expect(r.status, r.raw).toBe(200);
  return r.body.data.id as string;
};

describe("数据源: 测试连接 against a real PostgreSQL", () => {
  it("answers the server's version for a saved datasource and for unsaved form values", async (ctx) => {
    if (!pg) return ctx.skip();
    const id = await create("主库");
    const saved = await post("/test", { id });
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body.data.version).toMatch(/^PostgreSQL 1\d\.\d+/);
    const typed = await post("/test", { url: `jdbc:${pgUrl()}`, username: "tenantdb", password: PASSWORD });
    expect(typed.body.data.version).toMatch(/^PostgreSQL /);
    // Editing a saved one: a new remark, the password left empty (kept), same address.
    expect((await post("/test", { id, url: pgUrl(), username: "tenantdb", password: "" })).status).toBe(200);
  });

  it("says the password is wrong, the port refuses, the database is missing", async (ctx) => {
    if (!pg) return ctx.skip();
    const wrong = await post("/test", { url: pgUrl(), username: "tenantdb", password: "not-it" });
    expect(wrong).toMatchObject({ status: 400, body: { msg: "认证失败：用户名或密码错误" } });
    // No password at all: never the server's own (PGPASSWORD, ~/.pgpass) in its place.
    const none = await post("/test", { url: pgUrl(), username: "tenantdb", password: "" });
    expect(none).toMatchObject({ status: 400, body: { msg: "认证失败：用户名或密码错误" } });
    const closed = await freePort();
    const refused = await post("/test", { url: pgUrl(closed), username: "tenantdb", password: PASSWORD });
    expect(refused).toMatchObject({ status: 400, body: { msg: `连接被拒绝：127.0.0.1:${closed} 上没有数据库在监听` } });
    const missing = await post("/test", { url: pgUrl(pg.port, "nosuchdb"), username: "tenantdb", password: PASSWORD });
    expect(missing).toMatchObject({ status: 400, body: { msg: "数据库 nosuchdb 不存在" } });
    const badUrl = await post("/test", { url: "mysql://127.0.0.1:3306/blade", username: "tenantdb", password: PASSWORD });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.data).toContainEqual({ field: "url", message: "数据源地址格式应为 postgresql://主机:端口/数据库 或 jdbc:postgresql://主机:端口/数据库" });
  });

  it("never sends a saved password to an address typed since", async (ctx) => {
    if (!pg) return ctx.skip();
    const id = await create("只发往原地址");
    const elsewhere = await post("/test", { id, url: pgUrl(pg.port, "postgres"), username: "tenantdb", password: "" });
    expect(elsewhere).toMatchObject({ status: 400, body: { msg: "修改了地址或用户名后，请重新输入密码再测试连接" } });
    const retyped = await post("/test", { id, url: pgUrl(pg.port, "postgres"), username: "tenantdb", password: PASSWORD });
    expect(retyped.status).toBe(200);
  });
});

describe("数据源: 测试连接 to a host that never answers", () => {
  it("gives up after its timeout and says so", async () => {
    // Accepts the connection and stays silent, as a firewall that swallows packets looks to a client.
    const sockets: Socket[] = [];
    const silent = createServer((s) => void sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const port = (silent.address() as { port: number }).port;
    try {
      const started = Date.now();
      await expect(testConnection({ host: "127.0.0.1", port, database: "blade" }, { username: "u", password: "p" }, 1000)).rejects.toMatchObject({
        status: 400,
        message: `连接超时：127.0.0.1:${port} 在 1 秒内没有应答`,
      });
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      sockets.forEach((s) => s.destroy());
      silent.close();
    }
  });
});

describe("数据源 records", () => {
  it("never answers the password, stores it sealed, keeps it when left empty; stores JDBC's URL normalised", async () => {
    const created = await post("/submit", { name: "归档库", driverClass: "postgresql", url: "jdbc:postgresql://db.example.com/archive", username: "arch", password: PASSWORD });
    expect(created.body.data).toMatchObject({ url: "postgresql://db.example.com:5432/archive", passwordSet: true });
    const id = created.body.data.id as string;
    const answers = [
      created.raw,
      await (await t.request(`${BASE}/list`, { token: tokens.admin })).text(),
      await (await t.request(`${BASE}/page`, { token: tokens.admin, query: { current: 1, size: 10 } })).text(),
      await (await t.request(`${BASE}/detail`, { token: tokens.admin, query: { id } })).text(),
    ];
    for (const raw of answers) {
      expect(raw).not.toContain(PASSWORD);
      expect(raw).not.toContain('"password"');
    }
    const updated = await post("/submit", { id, remark: "只读", password: "" });
    expect(updated.body.data).toMatchObject({ remark: "只读", passwordSet: true });
    const [row] = await t.db.select().from(datasource).where(eq(datasource.id, id));
    expect(row.password).toMatch(/^v1:/);
    expect(t.ctx.secrets.open(row.password, PASSWORD_FIELD)).toBe(PASSWORD);
    const noPassword = await post("/submit", { name: "无密码", driverClass: "postgresql", url: "postgresql://h/db", username: "u" });
    expect(noPassword.body.data.passwordSet).toBe(false);
  });

  it("places a tenant only on a datasource that exists, and refuses to delete one a tenant is on", async () => {
    const id = (await post("/submit", { name: "租户专库", driverClass: "postgresql", url: "postgresql://db.example.com:5432/t1", username: "t1", password: "x" })).body.data.id as string;
    const place = (datasourceId: string) => t.request("/api/blade-system/tenant/datasource", { token: tokens.admin, json: { tenantId: "100001", datasourceId } });
    const unknown = await place("1123598812738675201");
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).msg).toBe("数据源不存在");
    expect((await place(id)).status).toBe(200);
    const [placed] = await t.db.select().from(tenant).where(eq(tenant.tenantId, "100001"));
    expect(placed.datasourceId).toBe(id);

    const inUse = await t.request(`${BASE}/remove`, { method: "POST", token: tokens.admin, query: { ids: id } });
    expect(inUse.status).toBe(400);
    expect((await inUse.json()).msg).toBe(`数据源正在被租户${placed.tenantName}使用，不能删除`);
    // Back on the platform's database: now it may go.
    expect((await place("")).status).toBe(200);
    expect((await t.request(`${BASE}/remove`, { method: "POST", token: tokens.admin, query: { ids: id } })).status).toBe(200);
  });

  it("is the platform administrator's alone: a tenant's administrator and a plain user hear 403, nobody 401", async () => {
    const id = (await post("/submit", { name: "平台专用", driverClass: "postgresql", url: "postgresql://h:5432/db", username: "u", password: "x" })).body.data.id as string;
    for (const token of [tokens.admin100001, tokens.plain100001]) {
      expect((await t.request(`${BASE}/list`, { token })).status).toBe(403);
      expect((await t.request(`${BASE}/detail`, { token, query: { id } })).status).toBe(403);
      expect((await post("/test", { id }, token)).status).toBe(403);
      expect((await post("/submit", { id, name: "改名" }, token)).status).toBe(403);
    }
    expect((await t.request(`${BASE}/list`)).status).toBe(401);
    expect((await t.request(`${BASE}/test`, { json: { id } })).status).toBe(401);
    // Nor is the menu theirs: a tenant administrator's tree has no 数据源.
    const routes = await (await t.request("/api/blade-system/menu/routes", { token: tokens.admin100001 })).text();
    expect(routes).not.toContain('"code":"datasource"');
  });
});
