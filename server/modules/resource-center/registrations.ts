import type { Context } from "hono";
import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { AppContext, AppEnv } from "../../context";
import { dept, role, user, userDept, userOauth } from "../../db/schema";
import { parseQuery, text } from "../../db/query";
import { badRequest, forbidden, ok } from "../../http/errors";
import { AUTHENTICATED, defineRoutes, hasPermission } from "../../security/authorize";
import { setBindingUser } from "../../security/bindings";
import type { TenantScope } from "../../security/tenant-scope";
import { APPROVE_CODE } from "./authority";
import { idArg, idsArg, readArgs } from "./args";
import { recordEvent, requestInfo } from "./events";

export const MSG_NOT_AWAITING = "所选账号不是待审批的注册账号,请刷新后重试";
export const MSG_NO_USER_ROLE = "本租户没有普通用户角色,请选择要授予的角色";
export const MSG_ROLE_MISSING = "所选角色不存在";
export const MSG_DEPT_MISSING = "所选部门不存在";
/** The role an approved registration gets when the approver names none (seeded in every tenant). */
export const DEFAULT_ROLE_ALIAS = "user";

/**
 * "Awaiting approval", defined here and nowhere else in this module: a self-registration
 * (register-guest) that no administrator has touched yet — status 0, created and last written by
 * the account itself (the rule sign-in uses to answer 账号待审核, auth/checks.ts isPendingApproval),
 * with no role and no department (what register-guest writes). An account an administrator
 * disabled, or created disabled, was written by that administrator and keeps its roles: it is
 * not a registration and never listed or decided here.
 */
export const AWAITING: SQL = and(
  eq(user.status, 0),
  eq(user.createUser, user.id),
  eq(user.updateUser, user.id),
  eq(user.roleId, ""),
  eq(user.deptId, ""),
)!;

const SEARCH = { account: text(user.account), realName: text(user.realName) };

/**
 * The caller's own tenant, whoever calls: registrations belong to the tenant they were made in,
 * and even the platform administrator decides only its own tenant's here.
 */
const tenantScope = (c: Context<AppEnv>) => c.var.scope.forTenant(c.var.caller.tenantId);

/**
 * Only holders of 通过 (the administrators' code) see and decide registrations. Checked here rather
 * than by the route's declared code: the repository would then log each write under the button's
 * name (a rejection as 审批管理-通过); the decisions below are logged by what they are instead.
 */
async function requireApprover(c: Context<AppEnv>): Promise<void> {
  if (!(await hasPermission(c.var.scope, c.var.caller, APPROVE_CODE))) throw forbidden();
}

/** The registrations `ids`, all awaiting in the scope's tenant, or 400 naming the problem. */
async function awaiting(tx: TenantScope, ids: string[]) {
  // Two approvers deciding the same registrations wait for each other, and the second sees the first's result.
  await tx.lock(tx.tenantId, "blade_user:registration");
  const rows = await tx.repo(user).list(and(inArray(user.id, ids), AWAITING));
  if (rows.length !== ids.length) throw badRequest(MSG_NOT_AWAITING);
  return rows;
}

/** The roles named (all of the tenant), else the tenant's 普通用户. */
async function rolesToGive(tx: TenantScope, raw: string | undefined): Promise<string[]> {
  if ((raw ?? "").trim() !== "") return (await tx.repo(role).find(idsArg(raw, MSG_ROLE_MISSING), MSG_ROLE_MISSING)).map((r) => r.id);
  const [plain] = await tx.repo(role).list(eq(role.roleAlias, DEFAULT_ROLE_ALIAS), { limit: 1 });
  if (!plain) throw badRequest(MSG_NO_USER_ROLE);
  return [plain.id];
}

/** 审批管理 → 注册审批: self-registrations awaiting an administrator; 通过 enables them, 驳回 removes them. */
export function registrationRoutes(ctx: AppContext) {
  return defineRoutes(ctx, [
    {
      method: "GET",
      path: "/registrations",
      access: AUTHENTICATED,
      handler: async (c) => {
        await requireApprover(c);
        const scope = tenantScope(c);
        const args = await readArgs(c);
        const q = parseQuery(args, SEARCH, { sortable: {}, defaultOrder: [desc(user.createTime), desc(user.id)] });
        const page = await scope.repo(user).page(q, AWAITING);
        const ids = page.records.map((r) => r.id);
        const bindings = ids.length ? await scope.owned(userOauth).list(inArray(userOauth.userId, ids)) : [];
        const records = page.records.map((r) => ({
          id: r.id,
          account: r.account,
          realName: r.realName,
          name: r.name,
          phone: r.phone,
          email: r.email,
          createTime: r.createTime,
          // The third-party identities the registration came with (source names, e.g. github).
          sources: [...new Set(bindings.filter((b) => b.userId === r.id).map((b) => b.source))],
        }));
        return ok(c, { ...page, records });
      },
    },
    {
      method: "POST",
      path: "/registrations/approve",
      access: AUTHENTICATED,
      handler: async (c) => {
        await requireApprover(c);
        const args = await readArgs(c);
        const ids = idsArg(args.ids, "请选择要审批的注册账号");
        const deptId = (args.deptId ?? "").trim() === "" ? "" : idArg(args.deptId, "部门ID");
        await tenantScope(c).transaction(async (tx) => {
          await awaiting(tx, ids);
          const roleIds = await rolesToGive(tx, args.roleIds);
          if (deptId) await tx.repo(dept).get(deptId, MSG_DEPT_MISSING);
          const values = { status: 1, roleId: roleIds.join(","), deptId };
          await tx.repo(user).update(ids, values, MSG_NOT_AWAITING);
          // user_dept mirrors user.dept_id (the user page finds people of a department through it).
          if (deptId) await tx.platform(userDept).insert(ids.map((userId) => ({ userId, deptId })));
          await recordEvent(
            tx,
            { title: "审批管理-注册通过", permissionCode: APPROVE_CODE, table: "blade_user", action: "update", ids, summary: Object.fromEntries(ids.map((id) => [id, { status: [0, 1], roleId: ["", values.roleId], deptId: ["", deptId] }])) },
            requestInfo(c),
          );
        });
        return ok(c, true);
      },
    },
    {
      method: "POST",
      path: "/registrations/reject",
      access: AUTHENTICATED,
      handler: async (c) => {
        await requireApprover(c);
        const ids = idsArg((await readArgs(c)).ids, "请选择要驳回的注册账号");
        await tenantScope(c).transaction(async (tx) => {
          const rows = await awaiting(tx, ids);
          await tx.repo(user).remove(ids, MSG_NOT_AWAITING);
          // The third-party identities are freed: a later sign-in with one starts as a guest again.
          const bound = await tx.owned(userOauth).list(inArray(userOauth.userId, ids));
          await setBindingUser(tx, bound.map((b) => b.id), null, inArray(userOauth.userId, ids));
          await recordEvent(
            tx,
            { title: "审批管理-注册驳回", permissionCode: APPROVE_CODE, table: "blade_user", action: "update", ids, summary: Object.fromEntries(rows.map((r) => [r.id, { account: r.account, isDeleted: [0, 1], bindings: bound.filter((b) => b.userId === r.id).map((b) => b.source) }])) },
            requestInfo(c),
          );
        });
        return ok(c, true);
      },
    },
  ]);
}

