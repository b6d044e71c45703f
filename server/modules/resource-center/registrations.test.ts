/** 注册审批: self-registrations awaiting an administrator, listed, approved into working accounts, rejected away. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { dept, operationLog, role, user, userDept, userOauth } from "../../db/schema";
import { nextId } from "../../db/ids";
import { twoTenants, type TenantTokens } from "../../test/conformance";
import { freshApp, type TestApp } from "../../test/fresh-app";

let api: TestApp;
let tokens: TenantTokens;
const T = "100001";
const PASSWORD = "Qz7#Lm2$Kp";
const BASE = "/api/authentication/approvalManagement/registrations";

interface Registration {
  id: string;
  account: string;
  realName: string;
  createTime: string;
  sources: string[];
}
interface Envelope<D = unknown> {
  code: number;
  msg: string;
  data: D;
}
const call = async <D = unknown>(path: string, token: string, o: { query?: Record<string, string>; json?: unknown } = {}) => {
  const res = await api.request(`${BASE}${path}`, { token, ...o, method: o.json ? "POST" : "GET" });
  return { status: res.status, body: (await res.json()) as Envelope<D> };
};
const list = async (token: string, query: Record<string, string> = {}) => (await call<{ records: Registration[]; total: number }>("", token, { query })).body.data;

let seq = 7000;
/** A self-registration as the console makes it: a first third-party sign-in, then register-guest. */
async function register(account: string, tenantId = T): Promise<string> {
  const render = await (await api.request("/api/blade-auth/oauth/render/oauth2", { headers: { "Tenant-Id": tenantId } })).json();
  const back = api.oauth!.approve(render.data.url, { id: seq, login: `r${seq++}` });
  const guest = await (await api.tokenRequest({ grant_type: "social", source: "oauth2", code: back.code, state: back.state, tenantId }, { "Tenant-Id": tenantId })).json();
  const res = await api.request("/api/blade-user/register-guest", { token: guest.access_token, json: { tenantId, account, name: `注册${account}`, password: PASSWORD } });
  expect(res.status, await res.clone().text()).toBe(200);
  const [row] = await api.db.select().from(user).where(and(eq(user.account, account), eq(user.tenantId, tenantId), eq(user.isDeleted, 0)));
  return row.id;
}
/** "" when the account signs in with its password, else why not. */
const signInError = (account: string, tenantId = T) =>
  api.login(account, PASSWORD, { tenantId }).then(
    () => "",
    (e: Error) => e.message,
  );

beforeAll(async () => {
  api = await freshApp();
  tokens = await twoTenants(api);
});
afterAll(() => api.close());

describe("GET /authentication/approvalManagement/registrations", () => {
  it("lists only registrations awaiting approval in the caller's tenant, with their third-party source, to holders of 通过", async () => {
    const waiting = await register("waiting1");
    await register("waiting2", "100002");
    // An account an administrator created disabled without a role, and one disabled after use: not registrations.
    const { id: disabledByAdmin } = await api.createUser({ account: "offbyadmin", password: PASSWORD, tenantId: T });
    await api.db.update(user).set({ status: 0 }).where(eq(user.id, disabledByAdmin));
    const { id: held } = await api.createUser({ account: "heldrole", password: PASSWORD, tenantId: T, roleAliases: ["user"] });
    await api.db.update(user).set({ status: 0, updateUser: held }).where(eq(user.id, held));

    const page = await list(tokens.admin100001);
    expect(page.records.map((r) => r.account)).toEqual(["waiting1"]);
    expect(page.records[0]).toMatchObject({ id: waiting, realName: "注册waiting1", sources: ["oauth2"] });
    expect(page.records[0]).not.toHaveProperty("password");
    expect((await list(tokens.admin100002)).records.map((r) => r.account)).toEqual(["waiting2"]);
    expect((await list(tokens.admin100001, { account: "nomatch" })).total).toBe(0);
    expect((await list(tokens.admin100001, { realName: "waiting" })).total).toBe(1);
    // Sign-in agrees: the listed one is awaiting review, the others are disabled.
    expect(await signInError("waiting1")).toContain("账号待审核,请耐心等待管理员通过");
    expect(await signInError("offbyadmin")).toContain("该账号已被禁用,请联系管理员");
  });

  it("answers 403 to a signed-in user without 通过, for the list and both decisions", async () => {
    const id = await register("notmine");
    for (const [path, json] of [["", undefined], ["/approve", { ids: id }], ["/reject", { ids: id }]] as const) {
      const res = await call(path, tokens.plain100001, { json });
      expect(res.status, path).toBe(403);
    }
    expect((await list(tokens.admin100001)).records.map((r) => r.id)).toContain(id);
  });
});

describe("deciding registrations", () => {
  it("approves into an enabled account holding 普通用户 that can sign in, logged in the operation log", async () => {
    const id = await register("approved1");
    const res = await call("/approve", tokens.admin100001, { json: { ids: [id] } });
    expect(res.body.msg).toBe("操作成功");
    const [row] = await api.db.select().from(user).where(eq(user.id, id));
    const [plain] = await api.db.select().from(role).where(and(eq(role.tenantId, T), eq(role.roleAlias, "user")));
    expect(row).toMatchObject({ status: 1, roleId: plain.id, deptId: "" });
    expect(await signInError("approved1")).toBe("");
    expect((await list(tokens.admin100001)).records.map((r) => r.id)).not.toContain(id);
    const logged = await api.db.select().from(operationLog).where(and(eq(operationLog.tenantId, T), eq(operationLog.title, "审批管理-注册通过")));
    expect(logged.map((l) => l.recordIds)).toContain(id);
    // Decided once: a second decision is refused, with a message, not a 5xx.
    const again = await call("/approve", tokens.admin100001, { json: { ids: id } });
    expect([again.status, again.body.msg]).toEqual([400, "所选账号不是待审批的注册账号,请刷新后重试"]);
  });

  it("gives the roles and department chosen, only ones of the tenant, all or none", async () => {
    const [a, b] = [await register("chosen1"), await register("chosen2")];
    const [admin] = await api.db.select().from(role).where(and(eq(role.tenantId, T), eq(role.roleAlias, "admin")));
    const [foreignRole] = await api.db.select().from(role).where(and(eq(role.tenantId, "100002"), eq(role.roleAlias, "user")));
    const deptId = nextId();
    await api.db.insert(dept).values({ id: deptId, tenantId: T, deptName: "新人部" });
    const foreignDept = nextId();
    await api.db.insert(dept).values({ id: foreignDept, tenantId: "100002", deptName: "外部" });

    const refused = async (json: Record<string, unknown>) => (await call("/approve", tokens.admin100001, { json })).body.msg;
    expect(await refused({ ids: [a, b], roleIds: foreignRole.id })).toBe("所选角色不存在");
    expect(await refused({ ids: [a, b], deptId: foreignDept })).toBe("所选部门不存在");
    expect((await api.db.select().from(user).where(eq(user.id, a)))[0].status).toBe(0);

    expect(await refused({ ids: `${a},${b}`, roleIds: [admin.id], deptId })).toBe("操作成功");
    for (const id of [a, b]) {
      expect((await api.db.select().from(user).where(eq(user.id, id)))[0]).toMatchObject({ status: 1, roleId: admin.id, deptId });
      expect(await api.db.select().from(userDept).where(eq(userDept.userId, id))).toEqual([expect.objectContaining({ deptId })]);
    }
  });

  it("rejects: the account is removed, its third-party identity freed, and the account name free again", async () => {
    const id = await register("rejected1");
    const res = await call("/reject", tokens.admin100001, { json: { ids: id } });
    expect(res.body.msg).toBe("操作成功");
    expect((await api.db.select().from(user).where(eq(user.id, id)))[0].isDeleted).toBe(1);
    expect(await api.db.select().from(userOauth).where(eq(userOauth.userId, id))).toEqual([]);
    expect((await list(tokens.admin100001)).records.map((r) => r.id)).not.toContain(id);
    expect(await signInError("rejected1")).not.toBe("");
    const logged = await api.db.select().from(operationLog).where(and(eq(operationLog.tenantId, T), eq(operationLog.title, "审批管理-注册驳回")));
    expect(logged.map((l) => l.recordIds)).toContain(id);
    await register("rejected1");
  });

  it("refuses ids that are not awaiting registrations — another tenant's, an enabled user, a disabled one — changing nothing", async () => {
    const mine = await register("mixed1");
    const foreign = await register("foreign1", "100002");
    const { id: enabled } = await api.createUser({ account: "enabled1", password: PASSWORD, tenantId: T, roleAliases: ["user"] });
    for (const other of [foreign, enabled]) {
      for (const path of ["/approve", "/reject"]) {
        const res = await call(path, tokens.admin100001, { json: { ids: [mine, other] } });
        expect([res.status, res.body.msg], path).toEqual([400, "所选账号不是待审批的注册账号,请刷新后重试"]);
      }
    }
    expect((await list(tokens.admin100001)).records.map((r) => r.id)).toContain(mine);
    expect((await list(tokens.admin100002)).records.map((r) => r.id)).toContain(foreign);
    expect((await api.db.select().from(user).where(eq(user.id, enabled)))[0]).toMatchObject({ status: 1, isDeleted: 0 });
  });

  it("answers malformed input with 400 and a message, never a 5xx", async () => {
    const bad: [string, Record<string, unknown> | undefined, Record<string, string> | undefined][] = [
      ["/approve", {}, undefined],
      ["/approve", { ids: "abc" }, undefined],
      ["/approve", { ids: [{ x: 1 }] }, undefined],
      ["/approve", { ids: "1", deptId: "x'--" }, undefined],
      ["/approve", { ids: "1", roleIds: "1;drop" }, undefined],
      ["/reject", { ids: "" }, undefined],
      ["", undefined, { current: "-1" }],
      ["", undefined, { size: "abc" }],
      ["", undefined, { descs: "password" }],
      ["", undefined, { password: "x" }],
      ["", undefined, { account: "\u0000" }],
    ];
    for (const [path, json, query] of bad) {
      const res = await call(path, tokens.admin100001, { json, query });
      expect(res.status, `${path} ${JSON.stringify(json ?? query)}`).toBe(400);
      expect(res.body.msg).toMatch(/\S/);
    }
  });
});
