import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextId } from "../db/ids";
import { dept, menu, role, roleMenu, roleScope, scopeApi, scopeData, user } from "../db/schema";
import { formatDateTime } from "../db/time";
import { antPattern } from "./api-scope";
import { parseCustomRule } from "./data-scope";
import { freshApp, type TestApp } from "../test/fresh-app";

/**
 * §6 data and API scopes, applied by the data-access layer and the route guard: a manager whose
 * role holds a data scope of the user menu sees only the users that scope allows — in the page,
 * the detail and writes alike — and an API scope keeps the paths it covers for its holders.
 */
const TENANT = "100071";
let t: TestApp;
let managerRole: string;
let userMenuId: string;
const ids: Record<string, string> = {};
const depts: Record<string, string> = {};

beforeAll(async () => {
  t = await freshApp();
  const { rootDeptId, roleIds } = await t.createTenant(TENANT);
  const now = formatDateTime(new Date());
  // root ─ sales ─ north ;  root ─ support
  depts.root = rootDeptId;
  depts.sales = nextId();
  depts.north = nextId();
  depts.support = nextId();
  await t.db.insert(dept).values([
    { id: depts.sales, tenantId: TENANT, parentId: depts.root, ancestors: `0,${depts.root}`, deptName: "销售部", createTime: now },
    { id: depts.north, tenantId: TENANT, parentId: depts.sales, ancestors: `0,${depts.root},${depts.sales}`, deptName: "北区", createTime: now },
    { id: depts.support, tenantId: TENANT, parentId: depts.root, ancestors: `0,${depts.root}`, deptName: "客服部", createTime: now },
  ]);
  // A role that manages users, scoped by what each test grants.
  managerRole = nextId();
  await t.db.insert(role).values({ id: managerRole, tenantId: TENANT, roleName: "经理", roleAlias: "manager", createTime: now });
  const menus = await t.db.select({ id: menu.id, code: menu.code }).from(menu);
  userMenuId = menus.find((m) => m.code === "user")!.id;
  await t.db.insert(roleMenu).values(menus.filter((m) => m.code.startsWith("user")).map((m) => ({ id: nextId(), roleId: managerRole, menuId: m.id })));
  void roleIds;
  ids.manager = (await t.createUser({ account: "manager", password: "Passw0rd!x", tenantId: TENANT, roleAliases: ["manager"], deptId: depts.sales })).id;
  for (const [account, where] of [["inSales", "sales"], ["inNorth", "north"], ["inSupport", "support"]] as const) {
    ids[account] = (await t.createUser({ account, password: "Passw0rd!x", tenantId: TENANT, deptId: depts[where] })).id;
    await t.db.update(user).set({ createDept: depts[where], createUser: account === "inSupport" ? ids.manager : null }).where(eq(user.id, ids[account]));
  }
  await t.db.update(user).set({ createDept: depts.sales, createUser: ids.manager }).where(eq(user.id, ids.manager));
});
afterAll(() => t.close());

async function withDataScope<T>(scope: Partial<typeof scopeData.$inferInsert>, work: (token: string) => Promise<T>): Promise<T> {
  const id = nextId();
  await t.db.insert(scopeData).values({ id, menuId: userMenuId, scopeName: "测试", scopeType: 1, ...scope });
  const link = nextId();
  await t.db.insert(roleScope).values({ id: link, scopeCategory: 1, scopeId: id, roleId: managerRole });
  try {
    const token = (await t.login("manager", "Passw0rd!x", { tenantId: TENANT })).access_token;
    return await work(token);
  } finally {
    await t.db.delete(roleScope).where(eq(roleScope.id, link));
    await t.db.delete(scopeData).where(eq(scopeData.id, id));
  }
}

const accounts = async (token: string) => {
  const res = await t.request("/api/blade-user/page", { token, query: { size: 100 } });
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: { records: { account: string }[]; total: number } };
  expect(data.total).toBe(data.records.length);
  return data.records.map((r) => r.account).sort();
};

describe("data scopes narrow the rows a role sees", () => {
  it("without a data scope the whole tenant is visible", async () => {
    const token = (await t.login("manager", "Passw0rd!x", { tenantId: TENANT })).access_token;
    expect(await accounts(token)).toEqual(["inNorth", "inSales", "inSupport", "manager"]);
  });

  it("全部可见 (1) narrows nothing", async () => {
    await withDataScope({ scopeType: 1 }, async (token) => expect(await accounts(token)).toHaveLength(4));
  });

  it("本人可见 (2): rows the caller created", async () => {
    await withDataScope({ scopeType: 2 }, async (token) => {
      expect(await accounts(token)).toEqual(["inSupport", "manager"]);
      // The detail and writes see the same rows: another user is as missing as a deleted one.
      const detail = await t.request("/api/blade-user/detail", { token, query: { id: ids.inNorth } });
      expect(detail.status).toBe(400);
      const remove = await t.request("/api/blade-user/remove", { method: "POST", token, query: { ids: ids.inNorth } });
      expect(remove.status).toBe(400);
      expect((await t.db.select().from(user).where(eq(user.id, ids.inNorth)))[0].isDeleted).toBe(0);
    });
  });

  it("所在机构可见 (3) and 所在机构及子级可见 (4) follow the caller's departments and their descendants", async () => {
    await withDataScope({ scopeType: 3 }, async (token) => expect(await accounts(token)).toEqual(["inSales", "manager"]));
    await withDataScope({ scopeType: 4 }, async (token) => expect(await accounts(token)).toEqual(["inNorth", "inSales", "manager"]));
    // The column can be named: the users' own department rather than who created them.
    await withDataScope({ scopeType: 3, scopeColumn: "dept_id" }, async (token) => expect(await accounts(token)).toEqual(["inSales", "manager"]));
  });

  it("自定义 (5): a rule over the table's own columns, never SQL; a bad rule shows nothing", async () => {
    await withDataScope({ scopeType: 5, scopeValue: "account:like:in" }, async (token) => expect(await accounts(token)).toEqual(["inNorth", "inSales", "inSupport"]));
    await withDataScope({ scopeType: 5, scopeValue: `account:ne:manager;dept_id:in:${depts.north},${depts.support}` }, async (token) =>
      expect(await accounts(token)).toEqual(["inNorth", "inSupport"]),
    );
    await withDataScope({ scopeType: 5, scopeValue: "1=1 or true:eq:1" }, async (token) => expect(await accounts(token)).toEqual([]));
    // Secrets are out of reach: a rule on them shows nothing rather than leak them row by row.
    await withDataScope({ scopeType: 5, scopeValue: "password:like:$" }, async (token) => expect(await accounts(token)).toEqual([]));
    // So is every column off the table's allow-list, even in a rule stored around the API's check.
    await t.db.update(user).set({ phone: "13800138000" }).where(eq(user.id, ids.inNorth));
    await withDataScope({ scopeType: 5, scopeValue: "phone:eq:13800138000" }, async (token) => expect(await accounts(token)).toEqual([]));
    await withDataScope({ scopeType: 5, scopeValue: "realName:like:in" }, async (token) => expect(await accounts(token)).toEqual([]));
    await withDataScope({ scopeType: 3, scopeColumn: "phone" }, async (token) => expect(await accounts(token)).toEqual([]));
  });

  it("the caller's own account stays readable in the personal centre whatever the scope", async () => {
    await withDataScope({ scopeType: 5, scopeValue: "account:eq:nobody" }, async (token) => {
      expect(await accounts(token)).toEqual([]);
      expect((await t.request("/api/blade-user/info", { token })).status).toBe(200);
    });
  });

  it("the custom rule grammar", () => {
    expect(parseCustomRule("status:eq:1;dept_id:in:1,2")).toEqual([
      { column: "status", operator: "eq", value: "1" },
      { column: "dept_id", operator: "in", value: "1,2" },
    ]);
    expect(parseCustomRule("status = 1")).toMatch(/字段不正确|运算符/);
    expect(parseCustomRule("")).toBe("自定义规则不能为空");
  });
});

describe("API scopes keep the paths they cover for their holders", () => {
  it("a covered path answers 403 to a role without the scope, and works for one with it", async () => {
    const token = (await t.login("manager", "Passw0rd!x", { tenantId: TENANT })).access_token;
    expect((await t.request("/api/blade-user/page", { token })).status).toBe(200);
    const scope = nextId();
    await t.db.insert(scopeApi).values({ id: scope, menuId: userMenuId, scopeName: "用户接口", scopePath: "/blade-user/page" });
    try {
      expect((await t.request("/api/blade-user/page", { token })).status).toBe(403);
      // Paths no scope covers are governed by permission codes alone.
      expect((await t.request("/api/blade-user/info", { token })).status).toBe(200);
      const link = nextId();
      await t.db.insert(roleScope).values({ id: link, scopeCategory: 2, scopeId: scope, roleId: managerRole });
      expect((await t.request("/api/blade-user/page", { token })).status).toBe(200);
      // The platform administrator is never narrowed.
      expect((await t.request("/api/blade-user/page", { token: (await t.loginAdmin()).access_token })).status).toBe(200);
    } finally {
      await t.db.delete(roleScope).where(eq(roleScope.scopeId, scope));
      await t.db.delete(scopeApi).where(eq(scopeApi.id, scope));
    }
  });

  it("ant-style patterns", () => {
    expect(antPattern("/blade-user/**").test("/blade-user/page")).toBe(true);
    expect(antPattern("/blade-user/**").test("/blade-user")).toBe(true);
    expect(antPattern("/blade-user/**").test("/blade-users/page")).toBe(false);
    expect(antPattern("/blade-*/page").test("/blade-user/page")).toBe(true);
    expect(antPattern("/blade-*/page").test("/blade-user/x/page")).toBe(false);
    expect(antPattern("/a.b/?").test("/a.b/c")).toBe(true);
    expect(antPattern("/a.b/?").test("/axb/c")).toBe(false);
  });
});
