import { randomInt } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { PLATFORM_TENANT_ID, tenantSpec, type TenantAdminSecret } from "../../../domain/resources/system/tenant/spec";
import { validateResource, valuesOf } from "../../../domain/validation";
import { dept, menu, role, roleMenu, tenant, tenantPackage, user, userDept } from "../../db/schema";
import { formatDateTime, parseDateTime } from "../../db/time";
import { badRequest } from "../../http/errors";
import { fieldErrors, isUpdate, requireId } from "../../kit/crud";
import { hashPlainPassword } from "../../security/password";
import { recordPasswords } from "../../security/password-policy";
import { revokeTenantSessions, revokeUserSessions } from "../../security/sessions";
import type { TenantScope } from "../../security/tenant-scope";
import { PLATFORM_MENU_CODES } from "../../security/tenants";
import { generateAdminPassword } from "./admin-password";
import { normaliseDomain } from "./domain";

export const MSG_TENANT_MISSING = "租户不存在";
export const MSG_PACKAGE_MISSING = "套餐不存在";
export const MSG_PLATFORM_UNLIMITED = "平台租户不受套餐和授权限制";
/** The account of every tenant's administrator (BladeX seeds `admin` in each new tenant). */
export const TENANT_ADMIN_ACCOUNT = "admin";
const TENANT_ID = /^[A-Za-z0-9_-]{1,12}$/;

type TenantRow = typeof tenant.$inferSelect;

/** The checks a tenant's values need beyond the spec's rules: the id's shape, the domain, the package. */
async function checkValues(tx: TenantScope, values: Record<string, unknown>, existing?: TenantRow): Promise<void> {
  const code = (existing?.tenantId ?? values.tenantId) as string | undefined;
  if (!existing && code !== undefined && !TENANT_ID.test(code)) {
    fieldErrors([{ field: "tenantId", message: "租户ID只能包含字母、数字、下划线和短横线" }]);
  }
  if (typeof values.expireTime === "string") {
    const parsed = parseDateTime(values.expireTime);
    if (!parsed) fieldErrors([{ field: "expireTime", message: "过期时间不是有效的日期" }]);
    values.expireTime = parsed;
  }
  if (typeof values.domain === "string") {
    // Stored as the login page's lookup compares it: lower case, no port.
    values.domain = normaliseDomain(values.domain);
    const clash = values.domain && (await tx.repo(tenant).count(and(eq(sql`lower(${tenant.domain})`, values.domain), existing ? ne(tenant.id, existing.id) : undefined)));
    if (clash) fieldErrors([{ field: "domain", message: "域名地址已被其他租户使用" }]);
  }
  if (values.packageId !== undefined && values.packageId !== "") {
    if (code === PLATFORM_TENANT_ID) fieldErrors([{ field: "packageId", message: MSG_PLATFORM_UNLIMITED }]);
    if ((await tx.repo(tenantPackage).count(eq(tenantPackage.id, values.packageId as string))) === 0) {
      fieldErrors([{ field: "packageId", message: MSG_PACKAGE_MISSING }]);
    }
  }
  if (values.packageId === "") values.packageId = null;
}

/** A six-digit code no live tenant (nor a removed one's leftover roles) uses, as BladeX draws them. */
async function newTenantCode(tx: TenantScope): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const code = String(randomInt(100_000, 1_000_000));
    const there = tx.forTenant(code);
    const used = (await there.repo(tenant).count()) + (await there.repo(role).count());
    if (used === 0) return code;
  }
  throw badRequest("无法生成租户ID,请手动填写");
}

/** The menus a new tenant's administrator role is granted: its package's, else every one but the platform's own. */
async function adminRoleMenus(tx: TenantScope, packageId: string | null | undefined): Promise<string[]> {
  const menus = await tx.repo(menu).list();
  if (packageId) {
    const [pkg] = await tx.repo(tenantPackage).find([packageId], MSG_PACKAGE_MISSING);
    const allowed = new Set(pkg.menuId.split(","));
    return menus.filter((m) => allowed.has(m.id)).map((m) => m.id);
  }
  const excluded = new Set(menus.filter((m) => PLATFORM_MENU_CODES.includes(m.code)).map((m) => m.id));
  for (let grew = true; grew; ) {
    grew = false;
    for (const m of menus) {
      if (!excluded.has(m.id) && excluded.has(m.parentId)) {
        excluded.add(m.id);
        grew = true;
      }
    }
  }
  return menus.filter((m) => !excluded.has(m.id)).map((m) => m.id);
}

/**
 * A new tenant with, in the same transaction, its administrator role (管理员, alias admin, granted
 * its package's menus), its root department and its administrator account `admin` with a
 * generated password — answered once here and never again. Anything refused midway leaves nothing.
 */
async function createTenant(scope: TenantScope, values: Record<string, unknown>, now: number): Promise<{ id: string; secret: TenantAdminSecret }> {
  const password = await generateAdminPassword(scope, (values.tenantId as string | undefined) ?? PLATFORM_TENANT_ID);
  const hash = await hashPlainPassword(password);
  const id = await scope.transaction(async (tx) => {
    await checkValues(tx, values);
    const code = (values.tenantId as string | undefined) ?? (await newTenantCode(tx));
    if ((await tx.forTenant(code).repo(tenant).count()) > 0) fieldErrors([{ field: "tenantId", message: "租户ID已存在" }]);
    const tenantRowId = await tx.repo(tenant).insert({ ...values, tenantId: code }, code);

    const roleId = await tx.repo(role).insert({ roleName: "管理员", roleAlias: "admin", sort: 1 }, code);
    const menuIds = await adminRoleMenus(tx, values.packageId as string | null | undefined);
    if (menuIds.length) await tx.platform(roleMenu).insert(menuIds.map((menuId) => ({ roleId, menuId })));

    const name = String(values.tenantName).slice(0, 45);
    const deptId = await tx.repo(dept).insert({ deptName: name, fullName: name, parentId: "0", ancestors: "0", sort: 1 }, code);

    // Leftovers of an earlier tenant under the same id would otherwise be this tenant's: refuse.
    if ((await tx.forTenant(code).repo(user).count(eq(user.account, TENANT_ADMIN_ACCOUNT))) > 0) {
      throw badRequest(`租户${code}中已存在账号${TENANT_ADMIN_ACCOUNT},请使用其他租户ID`);
    }
    const userId = await tx.repo(user).insert(
      { account: TENANT_ADMIN_ACCOUNT, name: "管理员", realName: "管理员", password: hash, roleId, deptId },
      code,
    );
    await tx.platform(userDept).insert([{ userId, deptId }]);
    // Dates the password for the policy's expiry and starts its history.
    await recordPasswords(tx, code, [userId], hash, now, { newUsers: true });
    return tenantRowId;
  });
  return { id, secret: { account: TENANT_ADMIN_ACCOUNT, password } };
}

/** submit / saveOrUpdate: create (answering the administrator's password once) or update. */
export async function submitTenant(scope: TenantScope, body: Record<string, unknown>, now: number): Promise<{ id: string; secret?: TenantAdminSecret }> {
  const updating = isUpdate(body);
  const errors = validateResource(tenantSpec, body, updating ? "update" : "create");
  if (errors.length) fieldErrors(errors);
  const values = valuesOf(tenantSpec, body, updating ? "update" : "create");
  if (!updating) return createTenant(scope, values, now);
  const id = requireId(body.id);
  await scope.transaction(async (tx) => {
    const existing = await tx.repo(tenant).get(id, MSG_TENANT_MISSING);
    await checkValues(tx, values, existing);
    await tx.repo(tenant).update([id], values, MSG_TENANT_MISSING);
    // An expiry moved into the past ends the tenant's sessions with the change, not at their next request.
    if (hasExpired(existing.tenantId, values.expireTime, now)) await revokeTenantSessions(tx, [existing.tenantId], "tenant_expired");
  });
  return { id };
}

/** An expiry (as stored) that has already passed: the platform's own tenant never expires. */
export const hasExpired = (tenantId: string, expireTime: unknown, now: number): boolean =>
  tenantId !== PLATFORM_TENANT_ID && typeof expireTime === "string" && expireTime !== "" && expireTime < formatDateTime(new Date(now));

/** The tenants of these row ids, refusing the platform's own (`why` says what may not be done to it). */
export async function tenantsOf(scope: TenantScope, ids: string[], why: string): Promise<TenantRow[]> {
  const rows = await scope.repo(tenant).find(ids, MSG_TENANT_MISSING);
  if (rows.some((r) => r.tenantId === PLATFORM_TENANT_ID)) throw badRequest(why);
  return rows;
}

/** The live tenant of a code (the calls that name a tenant by its tenant id). */
export async function tenantByCode(scope: TenantScope, code: unknown): Promise<TenantRow> {
  if (typeof code !== "string" || code.trim() === "") throw badRequest("租户ID不能为空");
  if (!TENANT_ID.test(code.trim())) throw badRequest("请求参数格式错误: tenantId");
  const [row] = await scope.forTenant(code.trim()).repo(tenant).list();
  if (!row) throw badRequest(MSG_TENANT_MISSING);
  return row;
}

/** resetPwd: a new generated password for the tenant's administrator, shown once; its sessions end. */
export async function resetAdminPassword(scope: TenantScope, id: string, now: number): Promise<TenantAdminSecret> {
  const row = await scope.repo(tenant).get(id, MSG_TENANT_MISSING);
  const [admin] = await scope.forTenant(row.tenantId).repo(user).list(eq(user.account, TENANT_ADMIN_ACCOUNT));
  if (!admin) throw badRequest(`租户${row.tenantId}中没有管理员账号${TENANT_ADMIN_ACCOUNT}`);
  const password = await generateAdminPassword(scope, row.tenantId);
  const hash = await hashPlainPassword(password);
  await scope.transaction(async (tx) => {
    await tx.repo(user).update([admin.id], { password: hash }, "用户不存在");
    await recordPasswords(tx, row.tenantId, [admin.id], hash, now);
    await revokeUserSessions(tx, [admin], "password_reset");
  });
  return { account: TENANT_ADMIN_ACCOUNT, password };
}
