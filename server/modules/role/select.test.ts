import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MenuNode, TokenResponse } from "../../../domain/contract";
import { nextId } from "../../db/ids";
import { dept, menu, roleMenu } from "../../db/schema";
import { freshApp, type TestApp } from "../../test/fresh-app";

let t: TestApp;
let roles: Record<string, string>;
let rootDept: string;
const childDept = nextId();
let multi: TokenResponse;
let multiId: string;
let plain: TokenResponse;
let plainId: string;
beforeAll(async () => {
  t = await freshApp();
  ({ roleIds: roles, rootDeptId: rootDept } = await t.createTenant("800001"));
  await t.db.insert(dept).values({ id: childDept, tenantId: "800001", parentId: rootDept, ancestors: `0,${rootDept}`, deptName: "子部门" });
  ({ id: multiId } = await t.createUser({ account: "multi", password: "Passw0rd!x", tenantId: "800001", roleAliases: ["admin", "user"], deptId: `${rootDept},${childDept}` }));
  ({ id: plainId } = await t.createUser({ account: "plain", password: "Passw0rd!x", tenantId: "800001", roleAliases: ["user"] }));
  multi = await t.login("multi", "Passw0rd!x", { tenantId: "800001" });
  plain = await t.login("plain", "Passw0rd!x", { tenantId: "800001" });
});
afterAll(() => t.close());

const select = (what: "dept" | "role", token?: string, userId?: string) =>
  t.request(`/api/blade-system/${what}/select`, { token, query: userId ? { userId } : {} });
const refresh = (token: TokenResponse, headers: Record<string, string>) =>
  t.tokenRequest({ grant_type: "refresh_token", refresh_token: token.refresh_token, tenantId: "800001" }, { "Tenant-Id": "800001", ...headers });
const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe("GET /blade-system/dept/select and /role/select", () => {
  it("list the caller's own departments and roles by default", async () => {
    const depts = await (await select("dept", multi.access_token)).json();
    expect(depts.data.map((d: { id: string; deptName: string }) => [d.id, d.deptName])).toEqual([
      [rootDept, "租户800001"],
      [childDept, "子部门"],
    ]);
    const roleList = await (await select("role", multi.access_token)).json();
    expect(roleList.data).toEqual([
      expect.objectContaining({ id: roles.admin, roleName: "管理员", roleAlias: "admin" }),
      expect.objectContaining({ id: roles.user, roleName: "普通用户", roleAlias: "user" }),
    ]);
  });

  it("list another user's only for a caller who may read users, in the same tenant", async () => {
    expect((await (await select("role", multi.access_token, plainId)).json()).data).toEqual([expect.objectContaining({ roleAlias: "user" })]);
    expect((await select("role", plain.access_token, multiId)).status).toBe(403);
    expect((await select("dept", plain.access_token, multiId)).status).toBe(403);
    const admin = (await t.loginAdmin()).access_token;
    const { id: outsider } = await t.createUser({ account: "outsider", password: "Passw0rd!x" });
    const res = await select("dept", multi.access_token, outsider);
    expect(res.status).toBe(400);
    expect((await res.json()).msg).toBe("用户不存在");
    // The platform administrator crosses tenants.
    expect((await select("dept", admin, multiId)).status).toBe(200);
  });

  it("answer 400 for a malformed user id and 401 without a session", async () => {
    expect((await select("role", multi.access_token, "abc")).status).toBe(400);
    expect((await select("role")).status).toBe(401);
    expect((await select("dept")).status).toBe(401);
  });
});

describe("switching role and department (refresh with Role-Id / Dept-Id)", () => {
  it("narrows the token, and menus and buttons then reflect only the chosen role", async () => {
    const full = await (await t.request("/api/blade-system/menu/routes", { token: multi.access_token })).json();
    expect(flatten(full.data).some((n) => n.path === "/system/user")).toBe(true);

    const asUser: TokenResponse = await (await refresh(multi, { "Role-Id": roles.user, "Dept-Id": childDept })).json();
    expect(asUser).toMatchObject({ role_id: roles.user, role_name: "user", dept_id: childDept });
    // Exactly what role user grants (its pages and their few buttons), nothing of the other role.
    const granted = await t.db.select({ path: menu.path, code: menu.code, category: menu.category }).from(roleMenu).innerJoin(menu, eq(menu.id, roleMenu.menuId)).where(eq(roleMenu.roleId, roles.user));
    const routes = await (await t.request("/api/blade-system/menu/routes", { token: asUser.access_token })).json();
    const paths = flatten(routes.data).map((n) => n.path).sort();
    expect(paths).toEqual(granted.filter((m) => m.category === 1).map((m) => m.path).sort());
    expect(paths).toContain("/workbench/index");
    expect(paths).not.toContain("/system/user");
    const userButtons = flatten((await (await t.request("/api/blade-system/menu/buttons", { token: asUser.access_token })).json()).data).filter((n) => n.category === 2);
    expect(userButtons.map((n) => n.code).sort()).toEqual(granted.filter((m) => m.category === 2).map((m) => m.code).sort());
    expect((await t.request("/api/blade-user/page", { token: asUser.access_token })).status).toBe(403);

    const asAdmin: TokenResponse = await (await refresh(asUser, { "Role-Id": roles.admin })).json();
    expect(asAdmin.role_id).toBe(roles.admin);
    const buttons = await (await t.request("/api/blade-system/menu/buttons", { token: asAdmin.access_token })).json();
    expect(flatten(buttons.data).some((n) => n.code === "user_add")).toBe(true);
    multi = asAdmin;
  });

  it("refuses a role or department the user does not hold, even one of its tenant", async () => {
    const bad = await refresh(plain, { "Role-Id": roles.admin });
    expect(await bad.json()).toEqual({ error: "invalid_grant", error_description: "所选角色不属于当前用户" });
    const fresh = await t.login("plain", "Passw0rd!x", { tenantId: "800001" });
    expect((await (await refresh(fresh, { "Dept-Id": childDept })).json()).error_description).toBe("所选部门不属于当前用户");
  });
});
