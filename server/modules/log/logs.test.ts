/**
 * The audit logs as an auditor meets them: sign-in attempts with their reasons, application
 * visits, administrative writes recorded with the change (and only with it), a hash chain that
 * finds a tampered row, filters that the export honours, and tenants kept apart.
 */
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appVisitLog, dept, loginLog, operationLog } from "../../db/schema";
import { summarize } from "../../security/audit";
import { TenantScope } from "../../security/tenant-scope";
import { freshApp, type TestApp } from "../../test/fresh-app";
import { md5Hex } from "../../security/password";

let t: TestApp;
let admin: string;
let boss: string;
let worker: string;
let tenant: { rootDeptId: string; roleIds: Record<string, string> };
const PASSWORD = "Passw0rd!x";

beforeAll(async () => {
  t = await freshApp({ oauth: false });
  admin = (await t.loginAdmin()).access_token;
  tenant = await t.createTenant("300001", "审计租户");
  await t.createUser({ account: "boss", password: PASSWORD, tenantId: "300001", roleAliases: ["admin"], deptId: tenant.rootDeptId });
  await t.createUser({ account: "worker", password: PASSWORD, tenantId: "300001", roleAliases: ["user"] });
  boss = (await t.login("boss", PASSWORD, { tenantId: "300001" })).access_token;
  worker = (await t.login("worker", PASSWORD, { tenantId: "300001" })).access_token;
});
afterAll(() => t.close());

interface Page<T> {
  records: T[];
  total: number;
}
const get = async <T>(path: string, token: string, query: Record<string, string> = {}) => {
  const res = await t.request(`/api/blade-log/${path}`, { token, query });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  return { status: res.status, ...body };
};
const page = <T = Record<string, unknown>>(path: string, token: string, query: Record<string, string> = {}) => get<Page<T>>(path, token, query);

/** CSV text → rows of cells (the files hold no quoted newlines in these tests' data). */
const parseCsv = (text: string) =>
  text
    .replace(/^\ufeff/, "")
    .trim()
    .split("\r\n")
    .map((line) => line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.filter((c) => c !== "").map((c) => c.replace(/,$/, "").replace(/^"|"$/g, "").replaceAll('""', '"')));

const wrongPassword = (account: string, tenantId = "300001") =>
  t.tokenRequest({ tenantId, username: account, password: md5Hex("wrong-password"), grant_type: "password" }, { "Tenant-Id": tenantId, "User-Agent": "audit-test" });

const submitDept = (deptName: string, token = boss) =>
  t.request("/api/blade-system/dept/submit", { token, json: { deptName, parentId: tenant.rootDeptId, deptCategory: 2, sort: 1 } });

const opRows = (tenantId = "300001") => t.db.select().from(operationLog).where(eq(operationLog.tenantId, tenantId)).orderBy(desc(operationLog.seq));

describe("sign-in log", () => {
  it("records a refused sign-in with the reason the user was shown, and a successful one", async () => {
    const res = await wrongPassword("boss");
    expect(res.status).toBe(400);
    await t.login("boss", PASSWORD, { tenantId: "300001" });
    const failed = await page<Record<string, unknown>>("loginLog/page", boss, { account: "boss", success: "0" });
    expect(failed.status).toBe(200);
    expect(failed.data.records[0]).toMatchObject({ account: "boss", success: 0, reason: "用户名或密码错误", grantType: "password", userAgent: "audit-test" });
    // The account exists: the row names it, never the password sent.
    expect(failed.data.records[0].userId).not.toBe("0");
    expect(JSON.stringify(failed.data)).not.toContain(md5Hex("wrong-password"));
    const ok = await page<Record<string, unknown>>("loginLog/page", boss, { account: "boss", success_equal: "1" });
    expect(ok.data.records[0]).toMatchObject({ account: "boss", success: 1, reason: "登录成功" });
  });

  it("records an unknown account with user id 0 and a disabled tenant's refusal", async () => {
    await wrongPassword("nobody-here");
    const rows = await t.db.select().from(loginLog).where(eq(loginLog.account, "nobody-here"));
    expect(rows).toMatchObject([{ userId: "0", success: 0, tenantId: "300001" }]);
    await t.createTenant("300009", "停用租户");
    await t.createUser({ account: "sleeper", password: PASSWORD, tenantId: "300009", roleAliases: ["admin"] });
    await t.db.execute(sql`update blade_tenant set status = 0 where tenant_id = '300009'`);
    const res = await t.tokenRequest({ tenantId: "300009", username: "sleeper", password: md5Hex(PASSWORD), grant_type: "password" }, { "Tenant-Id": "300009" });
    expect(res.status).toBe(400);
    const [row] = await t.db.select().from(loginLog).where(eq(loginLog.account, "sleeper"));
    expect(row).toMatchObject({ success: 0, reason: "租户已被禁用,请联系管理员" });
  });

  it("does not count a refresh-token renewal as a sign-in", async () => {
    const { refresh_token } = await t.login("worker", PASSWORD, { tenantId: "300001" });
    const before = (await t.db.select().from(loginLog)).length;
    const res = await t.tokenRequest({ grant_type: "refresh_token", refresh_token }, { "Tenant-Id": "300001" });
    expect(res.status).toBe(200);
    expect((await t.db.select().from(loginLog)).length).toBe(before);
  });

  it("filters by time and answers a bad date with 400", async () => {
    const future = await page("loginLog/page", boss, { createTime_dategt: "2999-01-01 00:00:00" });
    expect(future.data.total).toBe(0);
    const past = await page("loginLog/page", boss, { createTime_dategt: "2000-01-01 00:00:00", createTime_datelt: "2999-01-01 00:00:00" });
    expect(past.data.total).toBeGreaterThan(0);
    expect((await page("loginLog/page", boss, { createTime_dategt: "yesterday" })).status).toBe(400);
  });

  it("never lists another tenant's attempts; the platform administrator sees every tenant or the one it names", async () => {
    await wrongPassword("admin", "000000");
    const own = await page<{ tenantId: string }>("loginLog/page", boss, { size: "200" });
    expect(own.data.records.every((r) => r.tenantId === "300001")).toBe(true);
    const named = await page<{ tenantId: string }>("loginLog/page", boss, { tenantId: "000000" });
    expect(named.data.records.every((r) => r.tenantId === "300001")).toBe(true);
    const all = await page<{ tenantId: string }>("loginLog/page", admin, { size: "200" });
    expect(new Set(all.data.records.map((r) => r.tenantId))).toEqual(new Set(["000000", "300001", "300009"]));
    const one = await page<{ tenantId: string }>("loginLog/page", admin, { tenantId: "300001", size: "200" });
    expect(one.data.records.every((r) => r.tenantId === "300001")).toBe(true);
  });

  it("exports exactly the rows the filter shows, as a CSV download, and records the export", async () => {
    const shown = await page<{ account: string; success: number }>("loginLog/page", boss, { account: "boss", success: "0", size: "200" });
    const res = await t.request("/api/blade-log/loginLog/download", { token: boss, query: { account: "boss", success: "0" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toContain("attachment");
    const [header, ...rows] = parseCsv(await res.text());
    expect(header).toEqual(["账号", "登录方式", "登录结果", "结果说明", "IP地址", "客户端", "登录时间"]);
    expect(rows).toHaveLength(shown.data.total);
    expect(rows.every((r) => r[0] === "boss" && r[2] === "失败")).toBe(true);
    const [recorded] = await opRows();
    expect(recorded).toMatchObject({ action: "export", tableName: "blade_log_login", account: "boss", permissionCode: "systemLogin_export" });
    expect(JSON.parse(recorded.summary)).toMatchObject({ filter: { account: "boss", success: "0" } });
  });

  it("refuses callers without the log's codes (403)", async () => {
    for (const path of ["loginLog/page", "loginLog/download", "appVisitLog/page", "operationLog/page", "operationLog/download", "operationLog/verify", "api/operationList"]) {
      expect((await get(path, worker)).status, path).toBe(403);
    }
    expect((await t.request("/api/blade-log/api/export", { method: "POST", token: worker, query: { ids: "1" } })).status).toBe(403);
  });
});

describe("application visits", () => {
  it("records GET /authentication/app/visit?id for the signed-in user, and validates the id", async () => {
    const created = await t.request("/api/authentication/app/insert", { token: boss, json: { appName: "办公系统", appCode: "oa", appUrl: "https://oa.example.com" } });
    const appId = ((await created.json()) as { data: { id: string } }).data.id;
    // Only an application the user may use is visited: visitor holds one of its application roles.
    const { id: visitorId } = await t.createUser({ account: "visitor", password: PASSWORD, tenantId: "300001", roleAliases: ["user"] });
    const roleRes = await t.request("/api/authentication/bladeApplicationRole/insert", { token: boss, json: { appId, roleName: "访问者", roleCode: "visitor" } });
    const roleId = ((await roleRes.json()) as { data: { id: string } }).data.id;
    await t.request("/api/authentication/bladeApplicationRole/addUser", { token: boss, json: { roleId, userIds: [visitorId] } });
    const visitor = (await t.login("visitor", PASSWORD, { tenantId: "300001" })).access_token;
    const visit = (id: string, token = visitor) => t.request("/api/authentication/app/visit", { token, query: { id } });
    expect((await visit(appId)).status).toBe(200);
    expect((await visit(appId, worker)).status).toBe(400);
    // An application that is not there (or not the tenant's) is refused and not recorded.
    expect((await visit("1234567890123")).status).toBe(400);
    expect((await visit("abc")).status).toBe(400);
    expect((await visit("")).status).toBe(400);
    expect((await t.request("/api/authentication/app/visit", { query: { id: "1" } })).status).toBe(401);
    const listed = await page<Record<string, unknown>>("appVisitLog/page", boss, { account: "visitor" });
    expect(listed.data.records).toMatchObject([{ account: "visitor", appId, appName: "办公系统", tenantId: "300001" }]);
    expect((await page("appVisitLog/page", boss, { appId_equal: "x" })).status).toBe(400);
    const rows = await t.db.select().from(appVisitLog);
    expect(rows).toHaveLength(1);
  });
});

describe("operation log", () => {
  it("records an administrative write with who, what, which ids and the changed fields", async () => {
    const res = await submitDept("审计部");
    expect(res.status).toBe(200);
    const id = ((await res.json()) as { data: { id: string } }).data.id;
    const [row] = await opRows();
    expect(row).toMatchObject({
      account: "boss",
      tableName: "blade_dept",
      action: "insert",
      recordIds: id,
      method: "POST",
      requestUri: "/api/blade-system/dept/submit",
      permissionCode: "dept_add",
      title: "机构管理-新增",
    });
    expect(JSON.parse(row.summary)[id]).toMatchObject({ deptName: [null, "审计部"] });
    const upd = await t.request("/api/blade-system/dept/submit", { token: boss, json: { id, deptName: "审计二部", parentId: tenant.rootDeptId, deptCategory: 2, sort: 1 } });
    expect(upd.status).toBe(200);
    const [changed] = await opRows();
    expect(changed).toMatchObject({ action: "update", permissionCode: "dept_edit" });
    // Changed fields only: the name, not the untouched sort or the bookkeeping columns.
    expect(JSON.parse(changed.summary)).toEqual({ [id]: { deptName: ["审计部", "审计二部"] } });
    await t.request("/api/blade-system/dept/remove", { method: "POST", token: boss, query: { ids: id } });
    const [removed] = await opRows();
    expect(removed).toMatchObject({ action: "remove", permissionCode: "dept_delete", recordIds: id });
    expect(JSON.parse(removed.summary)).toEqual({ [id]: { isDeleted: [0, 1] } });
  });

  it("a write that fails leaves no log row: the log commits with the change or not at all", async () => {
    const before = (await opRows()).length;
    const bad = await t.request("/api/blade-system/dept/submit", { token: boss, json: { id: "999999999", deptName: "不存在", deptCategory: 2, sort: 1 } });
    expect(bad.status).toBe(400);
    // A repository write that succeeded, then its transaction failed: neither the row nor its log stays.
    const scope = new TenantScope(t.db, { ...(await callerOf("300001")) }, Date.now, false, {
      method: "POST", uri: "/test", ip: "", userAgent: "", codes: ["dept_add"],
    });
    await expect(
      scope.transaction(async (tx) => {
        await tx.repo(dept).insert({ deptName: "回滚部", parentId: tenant.rootDeptId, deptCategory: 2, sort: 1, ancestors: `0,${tenant.rootDeptId}` });
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect((await opRows()).length).toBe(before);
    expect(await t.db.select().from(dept).where(eq(dept.deptName, "回滚部"))).toEqual([]);
  });

  it("does not record writes outside an administrative request (sign-in bookkeeping, seed)", async () => {
    const before = (await t.db.select().from(operationLog)).length;
    await t.login("worker", PASSWORD, { tenantId: "300001" });
    await t.request("/api/authentication/app/visit", { token: worker, query: { id: "42" } });
    expect((await t.db.select().from(operationLog)).length).toBe(before);
  });

  it("never puts secrets in a summary", async () => {
    const res = await t.request("/api/blade-user/submit", {
      token: boss,
      json: { account: "newbie", password: "Nb-passw0rd", password2: "Nb-passw0rd", realName: "新人", name: "新人", roleId: tenant.roleIds.user, deptId: tenant.rootDeptId },
    });
    expect(res.status).toBe(200);
    const [row] = await opRows();
    expect(row).toMatchObject({ tableName: "blade_user", action: "insert" });
    expect(row.summary).toContain("newbie");
    expect(row.summary).not.toMatch(/password|argon2|Nb-passw0rd/i);
    const summary = summarize([{ id: "1", clientSecret: "a", salt: "b", apiKey: "c", name: "x" }], [{ id: "1", clientSecret: "z", salt: "y", apiKey: "w", name: "y" }], "update");
    expect(JSON.parse(summary)).toEqual({ 1: { name: ["x", "y"] } });
  });

  it("keeps one unbroken chain under concurrent writes, and verifies it", async () => {
    const results = await Promise.all(["并发一", "并发二", "并发三", "并发四"].map((n) => submitDept(n)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const seqs = (await opRows()).map((r) => Number(r.seq)).reverse();
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    const verified = await get<{ ok: boolean; checked: number; broken: unknown }>("operationLog/verify", boss);
    expect(verified.data).toEqual({ ok: true, checked: seqs.length, broken: null });
  });

  it("finds a row tampered with through SQL, at that row; and a deleted row at the one after it", async () => {
    const rows = (await opRows()).reverse();
    const victim = rows[2];
    await t.db.execute(sql`update blade_log_operation set account = 'someone-else' where id = ${victim.id}`);
    const found = await get<{ ok: boolean; broken: { id: string; seq: number; reason: string } }>("operationLog/verify", boss);
    expect(found.data).toMatchObject({ ok: false, checked: 3, broken: { id: victim.id, seq: 3, reason: "记录被篡改" } });
    await t.db.execute(sql`update blade_log_operation set account = ${victim.account} where id = ${victim.id}`);
    expect((await get<{ ok: boolean }>("operationLog/verify", boss)).data.ok).toBe(true);
    await t.db.execute(sql`delete from blade_log_operation where id = ${rows[4].id}`);
    const gap = await get<{ broken: { id: string; reason: string } }>("operationLog/verify", boss);
    expect(gap.data.broken).toMatchObject({ id: rows[5].id, reason: "记录缺失" });
    // Another tenant's chain is its own: the platform's still verifies.
    await submitDept("平台部", admin);
    expect((await get<{ ok: boolean }>("operationLog/verify", admin, { tenantId: "000000" })).data.ok).toBe(true);
  });

  it("lists with filters, api/operationList by time, api/export by ids; other tenants' rows never", async () => {
    const listed = await page<{ action: string; tenantId: string; hash: string }>("operationLog/page", boss, { action_equal: "insert", size: "200" });
    expect(listed.data.total).toBeGreaterThan(0);
    expect(listed.data.records.every((r) => r.action === "insert" && r.tenantId === "300001" && r.hash.length === 64)).toBe(true);
    const byTime = await get<Page<unknown>>("api/operationList", boss, { createTimeStart: "2000-01-01 00:00:00", createTimeEnd: "2999-01-01", current: "1", size: "2" });
    expect(byTime.data.records).toHaveLength(2);
    expect((await get("api/operationList", boss, { createTimeStart: "soon" })).status).toBe(400);
    const none = await get<Page<unknown>>("api/operationList", boss, { createTimeStart: "2999-01-01 00:00:00" });
    expect(none.data.total).toBe(0);

    const [platformRow] = await opRows("000000");
    const ownIds = (await opRows()).slice(0, 2).map((r) => r.id);
    const res = await t.request("/api/blade-log/api/export", { method: "POST", token: boss, query: { ids: [...ownIds, platformRow.id].join(",") } });
    expect(res.status).toBe(200);
    const [, ...rows] = parseCsv(await res.text());
    expect(rows).toHaveLength(2);
    expect((await t.request("/api/blade-log/api/export", { method: "POST", token: boss })).status).toBe(400);

    const download = await t.request("/api/blade-log/operationLog/download", { token: boss, query: { action_equal: "insert" } });
    const [, ...all] = parseCsv(await download.text());
    expect(all.length).toBe(listed.data.total);
    expect(all.some((r) => r.includes(platformRow.id))).toBe(false);
  });

  it("exports by api/operationList's time range as the list reads it (the console sends the list's own parameters)", async () => {
    const range = { createTimeStart: "2000-01-01 00:00:00", createTimeEnd: "2999-01-01 00:00:00", action_equal: "insert" };
    const listed = await get<Page<unknown>>("api/operationList", boss, { ...range, size: "200" });
    const csv = async (query: Record<string, string>) => parseCsv(await (await t.request("/api/blade-log/operationLog/download", { token: boss, query })).text()).slice(1);
    expect(await csv(range)).toHaveLength(listed.data.total);
    expect(await csv({ createTimeStart: "2999-01-01 00:00:00" })).toHaveLength(0);
    expect((await get("operationLog/download", boss, { createTimeEnd: "later" })).status).toBe(400);
  });
});

describe("writes beside the repository", () => {
  /** The newest operation-log row of this request, as the auditor's list shows it. */
  const logged = async (requestUri: string) => {
    const listed = await page<Record<string, string>>("operationLog/page", boss, { requestUri_equal: requestUri, size: "1" });
    expect(listed.status).toBe(200);
    const [row] = listed.data.records;
    expect(row, requestUri).toBeDefined();
    return { ...row, changes: JSON.parse(row.summary) as Record<string, Record<string, [unknown, unknown]>> };
  };
  const post = async (path: string, o: { json?: unknown; query?: Record<string, string> }) => {
    const res = await t.request(path, { method: "POST", token: boss, ...o });
    expect(res.status, `${path} ${await res.clone().text()}`).toBe(200);
  };
  const created = async (path: string, json: Record<string, unknown>) => {
    const res = await t.request(path, { token: boss, json });
    return ((await res.json()) as { data: { id: string } }).data.id;
  };
  const userId = async (account: string) => {
    const res = await t.request("/api/blade-user/page", { token: boss, query: { account } });
    return ((await res.json()) as { data: Page<{ id: string }> }).data.records[0].id;
  };

  it("records a stopped session: who stopped which session", async () => {
    await t.login("worker", PASSWORD, { tenantId: "300001" });
    const sessions = await t.request("/api/blade-user/userSession/page", { token: boss, query: { account: "worker", size: "100" } });
    const live = ((await sessions.json()) as { data: Page<{ id: string }> }).data.records.map((r) => r.id);
    expect(live.length).toBeGreaterThan(0);
    await post("/api/blade-user/userSession/stopSession", { query: { sessionIds: live[0] } });
    const row = await logged("/api/blade-user/userSession/stopSession");
    expect(row).toMatchObject({ account: "boss", tableName: "blade_auth_session", action: "update", recordIds: live[0], permissionCode: "sessionManagement_stop" });
    expect(row.changes).toEqual({ [live[0]]: { revoked: [0, 1], revokedReason: ["", "stopped"] } });
  });

  it("records an unlock with the failure count it cleared", async () => {
    await wrongPassword("worker");
    await wrongPassword("worker");
    const id = await userId("worker");
    await post("/api/blade-user/unlock", { query: { userIds: id } });
    const row = await logged("/api/blade-user/unlock");
    expect(row).toMatchObject({ account: "boss", tableName: "blade_user", action: "update", recordIds: id, permissionCode: "user_unlock" });
    expect(row.changes).toEqual({ [id]: { failCount: [2, 0] } });
  });

  it("records application roles given to a user, by the user page and by the role page, with the role names before and after", async () => {
    const appId = await created("/api/authentication/app/insert", { appName: "审计应用", appCode: "audit", appUrl: "https://audit.example.com" });
    const clerk = await created("/api/authentication/bladeApplicationRole/insert", { appId, roleName: "经办人", roleCode: "clerk" });
    const chief = await created("/api/authentication/bladeApplicationRole/insert", { appId, roleName: "主管", roleCode: "chief" });
    const id = await userId("worker");

    await post("/api/blade-user/addUserAppRole", { query: { userId: id, roleIds: clerk } });
    const replaced = await logged("/api/blade-user/addUserAppRole");
    expect(replaced).toMatchObject({ account: "boss", tableName: "blade_user", action: "update", recordIds: id });
    expect(replaced.changes).toEqual({ [id]: { appRoles: [[], ["经办人"]] } });

    await post("/api/authentication/bladeApplicationRole/addUser", { json: { roleId: chief, userIds: [id] } });
    const added = await logged("/api/authentication/bladeApplicationRole/addUser");
    expect(added).toMatchObject({ account: "boss", tableName: "blade_user", action: "update", recordIds: id, permissionCode: "rolesManagement_user" });
    expect(added.changes).toEqual({ [id]: { appRoles: [["经办人"], ["主管", "经办人"].sort()] } });
  });

  it("records a top-menu grant with the side menus before and after", async () => {
    const menus = Object.fromEntries((await t.db.execute<{ id: string; code: string }>(sql`select id::text, code from blade_menu where code in ('workbench', 'instrumentPanel')`).then((r) => (Array.isArray(r) ? r : (r as { rows: { id: string; code: string }[] }).rows))).map((m) => [m.code, m.id]));
    const top = await created("/api/blade-system/topmenu/submit", { name: "审计顶部", code: "audit_top", sort: 1 });
    await post("/api/blade-system/topmenu/grant", { json: { topMenuIds: [top], menuIds: [menus.workbench] } });
    expect((await logged("/api/blade-system/topmenu/grant")).changes).toEqual({ [top]: { menuIds: [[], [menus.workbench]] } });
    await post("/api/blade-system/topmenu/grant", { json: { topMenuIds: [top], menuIds: [menus.instrumentPanel, menus.workbench] } });
    const row = await logged("/api/blade-system/topmenu/grant");
    expect(row).toMatchObject({ account: "boss", tableName: "blade_top_menu", action: "update", recordIds: top });
    expect(row.changes).toEqual({ [top]: { menuIds: [[menus.workbench], [menus.instrumentPanel, menus.workbench].sort()] } });
  });
});

async function callerOf(tenantId: string) {
  const [row] = await t.db.execute<{ id: string }>(sql`select id::text from blade_user where account = 'boss' and tenant_id = ${tenantId}`).then((r) => (Array.isArray(r) ? r : (r as { rows: { id: string }[] }).rows));
  return { ...TenantScope.system(t.db, tenantId).caller, isSystem: false, userId: row.id, account: "boss", granted: new Map([["dept_add", true]]) };
}
