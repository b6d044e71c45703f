import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { role, userSynchronizer } from "../../db/schema";
import { freshApp, type TestApp } from "../../test/fresh-app";
import { isLdapFilter } from "./synchronizers";

const API = "/api/authentication/userSynchronizers";

describe("user synchronisers: what the form must hold", () => {
  let t: TestApp;
  let token: string;
  let roleId: string;
  const submit = (json: Record<string, unknown>) => t.request(`${API}/submit`, { token, json });
  const ldap = (n: string, extra: Record<string, unknown> = {}) => ({
    name: n,
    sourceType: "ldap",
    endpoint: "ldap://127.0.0.1:3890",
    principal: "cn=admin,dc=example,dc=com",
    secret: "s3cret",
    userBaseDn: "ou=people,dc=example,dc=com",
    roleId,
    ...extra,
  });
  beforeAll(async () => {
    t = await freshApp({ oauth: false });
    token = (await t.loginAdmin()).access_token;
    roleId = (await t.db.select().from(role).where(and(eq(role.tenantId, "000000"), eq(role.roleAlias, "user"))))[0].id;
  });
  afterAll(() => t.close());

  it("refuses an LDAP source without address or base DN, a non-LDAP address, a filter out of parentheses, each beside its field", async () => {
    const res = await (await submit(ldap("坏的", { endpoint: "", userBaseDn: "", userFilter: "uid=*" }))).json();
    expect(res).toMatchObject({ code: 400, msg: "LDAP 同步源需要填写服务地址(ldap:// 或 ldaps://)" });
    expect(res.data).toEqual([
      { field: "endpoint", message: "LDAP 同步源需要填写服务地址(ldap:// 或 ldaps://)" },
      { field: "userBaseDn", message: "LDAP 同步源需要填写用户Base DN" },
      { field: "userFilter", message: "过滤条件须是括号包围的 LDAP 过滤表达式" },
    ]);
    expect((await (await submit(ldap("坏的", { endpoint: "https://ldap.example.com" }))).json()).msg).toBe("服务地址须以 ldap:// 或 ldaps:// 开头");
  });

  it("refuses a bad cron, an interval under 5 minutes, a missing department or role", async () => {
    expect((await (await submit(ldap("x", { scheduleType: "cron", cron: "* * *" }))).json()).msg).toBe("请输入正确的 Cron 表达式(5 段)");
    expect((await (await submit(ldap("x", { scheduleType: "interval", intervalMinutes: 4 }))).json()).msg).toBe("固定间隔至少 5 分钟");
    expect((await (await submit(ldap("x", { targetDeptId: "1234567890123" }))).json()).msg).toBe("目标机构不存在");
    expect((await (await submit(ldap("x", { roleId: "1234567890123" }))).json()).msg).toBe("默认角色不存在");
    expect((await (await submit({ ...ldap("x"), secret: "" })).json()).msg).toBe("请输入密码 / AppSecret");
    expect((await (await submit(ldap("x", { caCert: "MIIB…" }))).json()).msg).toBe("CA证书须是 PEM 格式(-----BEGIN CERTIFICATE-----)");
  });

  it("fills the source's default attributes and address, seals the secret and never answers it, keeps it on an empty one", async () => {
    const created = await (await submit({ name: "钉钉", sourceType: "dingtalk", principal: "key", secret: "app-secret", roleId, scheduleType: "interval", intervalMinutes: 30 })).json();
    expect(created.code).toBe(200);
    const id = created.data.id;
    expect(created.data).toMatchObject({ attrAccount: "userid", attrEmail: "email", endpoint: "https://oapi.dingtalk.com", rootDept: "1", secretSet: true });
    expect(created.data.secret).toBeUndefined();
    expect(created.data.nextRunAt).toBeGreaterThan(Date.now() + 29 * 60_000);
    const [row] = await t.db.select().from(userSynchronizer).where(eq(userSynchronizer.id, id));
    expect(row.secret).not.toContain("app-secret");
    expect(t.ctx.secrets.open(row.secret, "userSynchronizer.secret")).toBe("app-secret");
    const detail = await (await t.request(`${API}/detail`, { token, query: { id } })).json();
    expect(JSON.stringify(detail)).not.toContain(row.secret);
    expect((await submit({ id, name: "钉钉2", secret: "", roleId })).status).toBe(200);
    const [after] = await t.db.select().from(userSynchronizer).where(eq(userSynchronizer.id, id));
    expect(after.secret).toBe(row.secret);
  });

  it("switches a synchroniser off and on", async () => {
    const id = (await (await submit(ldap("开关"))).json()).data.id;
    expect((await t.request(`${API}/status`, { token, body: new URLSearchParams({ id, status: "0" }).toString(), headers: { "Content-Type": "application/x-www-form-urlencoded" } })).status).toBe(200);
    expect((await (await t.request(`${API}/detail`, { token, query: { id } })).json()).data.status).toBe(0);
    expect((await (await t.request(`${API}/status`, { token, body: new URLSearchParams({ id, status: "7" }).toString(), headers: { "Content-Type": "application/x-www-form-urlencoded" } })).json()).msg).toBe("状态取值不正确,只能是 1(启用) 或 0(停用)");
  });
});

describe("isLdapFilter", () => {
  it("admits one parenthesised expression with balanced parentheses", () => {
    expect(isLdapFilter("(objectClass=person)")).toBe(true);
    expect(isLdapFilter("(&(objectClass=person)(uid=a*))")).toBe(true);
    expect(isLdapFilter("objectClass=person")).toBe(false);
    expect(isLdapFilter("(a=1)(b=2)")).toBe(false);
    expect(isLdapFilter("((a=1)")).toBe(false);
  });
});
