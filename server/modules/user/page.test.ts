import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TreeNode, UserVO } from "../../../domain/contract";
import { freshApp, type TestApp } from "../../test/fresh-app";

let t: TestApp;
let admin: string;
let tenantAdmin: string;
let plain: string;
let depts: TreeNode[];
let foreignId: string;

beforeAll(async () => {
  t = await freshApp();
  admin = (await t.loginAdmin()).access_token;
  depts = (await (await t.request("/api/blade-system/dept/tree", { token: admin })).json()).data;
  const [changzhou, suzhou] = depts[0].children!;
  await t.createUser({ account: "cz1", password: "Passw0rd!x", realName: "常州甲", deptId: changzhou.id });
  await t.createUser({ account: "cz2", password: "Passw0rd!x", realName: "常州乙", deptId: changzhou.id });
  await t.createUser({ account: "sz1", password: "Passw0rd!x", realName: "苏州甲", deptId: suzhou.id });
  await t.createUser({ account: "plain", password: "Passw0rd!x" });
  plain = (await t.login("plain", "Passw0rd!x")).access_token;
  await t.createTenant("400001", "其他公司");
  foreignId = (await t.createUser({ account: "boss", password: "Passw0rd!x", tenantId: "400001", roleAliases: ["admin"] })).id;
  await t.createUser({ account: "worker", password: "Passw0rd!x", tenantId: "400001" });
  tenantAdmin = (await t.login("boss", "Passw0rd!x", { tenantId: "400001" })).access_token;
});
afterAll(() => t.close());

const page = async (token: string | undefined, query: Record<string, string | number> = {}) =>
  t.request("/api/blade-user/page", { token, query });
const accounts = async (token: string, query: Record<string, string | number> = {}) =>
  ((await (await page(token, { size: 200, ...query })).json()).data.records as UserVO[]).map((u) => u.account).sort();

describe("GET /blade-user/page", () => {
  it("answers a page of UserVO with names resolved and no password", async () => {
    const res = await page(admin, { account: "admin" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data).toMatchObject({ total: 1, size: 10, current: 1, pages: 1 });
    const [vo] = body.data.records;
    expect(vo).toMatchObject({
      account: "admin",
      realName: "管理员",
      roleName: "超级管理员",
      deptName: "刀锋科技",
      postName: "首席执行官",
      sexName: "男",
      tenantName: "管理组",
      tenantId: "000000",
    });
    expect(vo.id).toMatch(/^\d{19}$/);
    expect(vo.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(JSON.stringify(body)).not.toMatch(/password|scrypt/i);
  });

  it("pages with current and size", async () => {
    const first = (await (await page(admin, { size: 2, current: 1, tenantId_equal: "000000" })).json()).data;
    const second = (await (await page(admin, { size: 2, current: 2, tenantId_equal: "000000" })).json()).data;
    expect(first.records).toHaveLength(2);
    expect(first.total).toBe(5);
    expect(first.pages).toBe(3);
    expect(second.current).toBe(2);
    expect(second.records.map((u: UserVO) => u.id)).not.toContain(first.records[0].id);
  });

  it("clamps a size above 200 to 200", async () => {
    expect((await (await page(admin, { size: 1000 })).json()).data.size).toBe(200);
  });

  it("deptId selects that department and everything below it", async () => {
    const [root] = depts;
    const [changzhou] = root.children!;
    expect(await accounts(admin, { deptId: changzhou.id })).toEqual(["cz1", "cz2"]);
    expect(await accounts(admin, { deptId: root.id })).toEqual(["admin", "cz1", "cz2", "plain", "sz1"]);
  });

  it("account and realName filter (Blade grammar), sorting over the allow-list", async () => {
    expect(await accounts(admin, { realName: "常州" })).toEqual(["cz1", "cz2"]);
    expect(await accounts(admin, { account_equal: "sz1" })).toEqual(["sz1"]);
    const sorted = (await (await page(admin, { account_likeright: "cz", ascs: "account" })).json()).data.records;
    expect(sorted.map((u: UserVO) => u.account)).toEqual(["cz1", "cz2"]);
    const desc = (await (await page(admin, { account_likeright: "cz", descs: "account" })).json()).data.records;
    expect(desc.map((u: UserVO) => u.account)).toEqual(["cz2", "cz1"]);
  });

  it("refuses an unknown filter or sort field with 400", async () => {
    const queries: Record<string, string>[] = [{ foo: "1" }, { password: "x" }, { ascs: "password" }, { sex_equal: "x" }];
    for (const query of queries) {
      const res = await page(admin, query);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 400, success: false });
    }
    expect((await (await page(admin, { foo: "1" })).json()).msg).toBe("不支持的查询字段: foo");
  });

  it("shows a tenant only its own users; tenantId is the administrator's filter alone", async () => {
    expect(await accounts(tenantAdmin)).toEqual(["boss", "worker"]);
    const res = await page(tenantAdmin, { tenantId_equal: "000000" });
    expect(res.status).toBe(400);
    expect(await accounts(admin, { tenantId_equal: "400001" })).toEqual(["boss", "worker"]);
  });

  it("answers 401 without a token and 403 to a role without the user menu", async () => {
    const anonymous = await page(undefined);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ code: 401, success: false, data: null, msg: "请求未授权" });
    const denied = await page(plain);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ code: 403, success: false, data: null, msg: "请求被拒绝" });
  });
});

describe("GET /blade-user/detail", () => {
  it("answers one UserVO", async () => {
    const [vo] = (await (await page(admin, { account_equal: "cz1" })).json()).data.records;
    const res = await t.request("/api/blade-user/detail", { token: admin, query: { id: vo.id } });
    expect(await res.json()).toMatchObject({ code: 200, data: { id: vo.id, account: "cz1", deptName: "常州刀锋" } });
  });

  it("answers another tenant's id like an unknown one (400), and a malformed id with 400", async () => {
    const foreign = await t.request("/api/blade-user/detail", { token: (await t.login("cz1", "Passw0rd!x")).access_token, query: { id: foreignId } });
    // cz1 has no user menu: 403 either way; use the tenant admin against tenant 000000's admin.
    expect(foreign.status).toBe(403);
    const [adminVo] = (await (await page(admin, { account_equal: "admin" })).json()).data.records;
    const cross = await t.request("/api/blade-user/detail", { token: tenantAdmin, query: { id: adminVo.id } });
    expect(cross.status).toBe(400);
    expect(await cross.json()).toEqual({ code: 400, success: false, data: null, msg: "用户不存在" });
    expect((await t.request("/api/blade-user/detail", { token: admin, query: { id: "1234567890123456789" } })).status).toBe(400);
    expect((await t.request("/api/blade-user/detail", { token: admin, query: { id: "abc" } })).status).toBe(400);
    expect((await t.request("/api/blade-user/detail", { token: admin })).status).toBe(400);
  });
});
