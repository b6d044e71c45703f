import type { Context } from "hono";
import { eq } from "drizzle-orm";
import { PLATFORM_TENANT_ID, tenantSpec } from "../../../domain/resources/system/tenant/spec";
import { permissionCodes } from "../../../domain/validation";
import type { AppContext, AppEnv } from "../../context";
import { isId } from "../../db/ids";
import { datasource, tenant, tenantPackage } from "../../db/schema";
import { parseDateTime } from "../../db/time";
import { queryParam } from "../../http/body";
import { badRequest, ok } from "../../http/errors";
import { crudRoutes, isUpdate, requireId } from "../../kit/crud";
import { PUBLIC, can, canAny, defineRoutes, requirePermission, type RouteSpec } from "../../security/authorize";
import { revokeTenantSessions } from "../../security/sessions";
import { tenantOfDomain } from "../../security/tenants";
import { normaliseDomain } from "./domain";
import { packageVOs } from "./package";
import { platformOnly, readInput } from "./platform";
import { tenantVOs } from "./vo";
import { MSG_PACKAGE_MISSING, MSG_PLATFORM_UNLIMITED, MSG_TENANT_MISSING, hasExpired, resetAdminPassword, submitTenant, tenantByCode, tenantsOf } from "./write";

export { normaliseDomain };

const CODES = {
  ...permissionCodes(tenantSpec),
  setting: "tenant_setting",
  packageSetting: "tenant_package_setting",
  datasource: "tenant_datasource",
  reset: "tenant_reset",
  status: "tenant_status",
};

/** An ids list of at least one (`ids`, or BladeX's single `id`). */
function idsOf(input: Record<string, unknown>): string[] {
  const raw = input.ids ?? input.id;
  const ids = typeof raw === "string" ? [...new Set(raw.split(",").map((s) => s.trim()).filter(Boolean))] : [];
  if (ids.length === 0) throw badRequest("请选择租户");
  if (ids.length > 1000 || !ids.every(isId)) throw badRequest("请求参数格式错误: ids");
  return ids;
}

const MSG_DATASOURCE_MISSING = "数据源不存在";

const text = (v: unknown) => (v === undefined || v === null ? "" : String(v).trim());

/** The platform administrator's calls of both §7 variants (admin: list … package-setting; system: tenantList … saveOrUpdate). */
function managementRoutes(ctx: AppContext): RouteSpec[] {
  const submit = async (c: Context<AppEnv>) => {
    const body = await readInput(c);
    const updating = isUpdate(body);
    await requirePermission(ctx, c.var.caller, updating ? CODES.edit : CODES.create);
    const scope = c.var.scope;
    const { id, secret } = await submitTenant(scope, body, ctx.now());
    const [vo] = await tenantVOs([await scope.repo(tenant).get(id, MSG_TENANT_MISSING)], scope);
    // The administrator's password exists in clear only in this one answer.
    return ok(c, secret ? { ...vo, adminAccount: secret.account, adminPassword: secret.password } : vo);
  };
  const update = (c: Context<AppEnv>, ids: string[], values: Record<string, unknown>) =>
    c.var.scope.transaction(async (tx) => tx.repo(tenant).update(ids, values, MSG_TENANT_MISSING));

  const common = crudRoutes(ctx, {
    spec: tenantSpec,
    table: tenant,
    missing: MSG_TENANT_MISSING,
    toVO: tenantVOs,
    beforeRemove: async (_tx, rows) => {
      if (rows.some((r) => r.tenantId === PLATFORM_TENANT_ID)) throw badRequest("平台租户不能删除");
    },
    // A removed tenant's users are signed out with it, not at their token's expiry.
    afterRemove: (tx, rows) => revokeTenantSessions(tx, rows.map((r) => r.tenantId), "tenant_removed"),
    routes: [
      { method: "POST", path: "/submit", access: canAny(CODES.create, CODES.edit), handler: submit },
    ],
  });
  const handlerOf = (path: string) => common.find((r) => r.path === path)!.handler;

  return [
    ...common,
    // The system variant's names for the same calls.
    { method: "GET", path: "/tenantList", access: can(CODES.list), handler: handlerOf("/page") },
    { method: "GET", path: "/tenantDetail", access: can(CODES.list), handler: handlerOf("/detail") },
    { method: "POST", path: "/saveOrUpdate", access: canAny(CODES.create, CODES.edit), handler: submit },
    {
      method: "POST",
      path: "/changeStatus",
      access: can(CODES.status),
      handler: async (c) => {
        const input = await readInput(c);
        const ids = idsOf(input);
        const status = Number(text(input.status));
        if (status !== 0 && status !== 1) throw badRequest("状态只能是0(停用)或1(启用)");
        await c.var.scope.transaction(async (tx) => {
          const rows = await tenantsOf(tx, ids, "平台租户不能停用");
          await tx.repo(tenant).update(ids, { status }, MSG_TENANT_MISSING);
          if (status === 0) await revokeTenantSessions(tx, rows.map((r) => r.tenantId), "tenant_disabled");
        });
        return ok(c, true);
      },
    },
    {
      // Authorisation: how many accounts the tenant may hold (-1 unlimited) and until when.
      method: "POST",
      path: "/setting",
      access: can(CODES.setting),
      handler: async (c) => {
        const input = await readInput(c);
        const ids = idsOf(input);
        const accountNumber = text(input.accountNumber) === "" ? -1 : Number(text(input.accountNumber));
        if (!Number.isInteger(accountNumber) || accountNumber < -1 || accountNumber > 2_147_483_647) throw badRequest("账号额度必须是不小于-1的整数");
        const expire = text(input.expireTime);
        const expireTime = expire === "" ? null : parseDateTime(expire);
        if (expire !== "" && !expireTime) throw badRequest("过期时间不是有效的日期");
        await c.var.scope.transaction(async (tx) => {
          const rows = await tenantsOf(tx, ids, MSG_PLATFORM_UNLIMITED);
          await tx.repo(tenant).update(ids, { accountNumber, expireTime }, MSG_TENANT_MISSING);
          // An expiry already past ends the tenants' sessions with the change, not at their next request.
          const expired = rows.filter((r) => hasExpired(r.tenantId, expireTime, ctx.now()));
          await revokeTenantSessions(tx, expired.map((r) => r.tenantId), "tenant_expired");
        });
        return ok(c, true);
      },
    },
    {
      method: "POST",
      path: "/datasource",
      access: can(CODES.datasource),
      handler: async (c) => {
        const input = await readInput(c);
        const row = await tenantByCode(c.var.scope, input.tenantId);
        const datasourceId = text(input.datasourceId);
        if (datasourceId !== "" && !isId(datasourceId)) throw badRequest("请求参数格式错误: datasourceId");
        // Only a datasource that exists (empty: back to the platform's own database).
        if (datasourceId !== "") await c.var.scope.repo(datasource).get(datasourceId, MSG_DATASOURCE_MISSING);
        await update(c, [row.id], { datasourceId: datasourceId || null });
        return ok(c, true);
      },
    },
    {
      method: "POST",
      path: "/package-setting",
      access: can(CODES.packageSetting),
      handler: async (c) => {
        const input = await readInput(c);
        const scope = c.var.scope;
        const row = await tenantByCode(scope, input.tenantId);
        if (row.tenantId === PLATFORM_TENANT_ID) throw badRequest(MSG_PLATFORM_UNLIMITED);
        const packageId = text(input.packageId);
        if (packageId !== "") await scope.repo(tenantPackage).get(requireId(packageId, "套餐ID"), MSG_PACKAGE_MISSING);
        await update(c, [row.id], { packageId: packageId || null });
        return ok(c, true);
      },
    },
    {
      // The tenant's package, or null (every menu) as BladeX answers a tenant without one.
      method: "GET",
      path: "/package-detail",
      access: can(CODES.list),
      handler: async (c) => {
        const scope = c.var.scope;
        const row = await tenantByCode(scope, queryParam(c, "tenantId"));
        if (!row.packageId) return ok(c, null);
        const packages = await scope.repo(tenantPackage).list(eq(tenantPackage.id, row.packageId));
        return ok(c, packages.length ? (await packageVOs(packages))[0] : null);
      },
    },
    {
      // GET as §7 names it; the new password is in this answer only.
      method: "GET",
      path: "/resetPwd",
      access: can(CODES.reset),
      handler: async (c) => ok(c, await resetAdminPassword(c.var.scope, requireId(queryParam(c, "id")), ctx.now())),
    },
  ];
}

/** /blade-system/tenant: the public domain lookup of the login page, and the platform administrator's management. */
export function tenantRoutes(ctx: AppContext) {
  return defineRoutes(ctx, [
    {
      // Tenant mode: the login page asks which tenant the domain it was served from belongs to.
      // Public, so it answers the tenant id only, and only for an enabled tenant.
      method: "GET",
      path: "/info",
      access: PUBLIC,
      handler: async (c) => {
        const domain = normaliseDomain(queryParam(c, "domain"));
        return ok(c, (domain && (await tenantOfDomain(ctx, domain))) || {});
      },
    },
    ...platformOnly(managementRoutes(ctx)),
  ]);
}
