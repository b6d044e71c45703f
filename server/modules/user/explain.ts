import { and, eq, inArray, sql } from "drizzle-orm";
import { menu, role, roleMenu, user } from "../../db/schema";
import { isId } from "../../db/ids";
import { badRequest } from "../../http/errors";
import { evaluateUser } from "../../security/authenticate";
import { dataScopeCondition, tableOfMenu, type DataScopeRule } from "../../security/data-scope";
import { packageAllows } from "../../security/tenants";
import type { TenantScope } from "../../security/tenant-scope";

export interface ExplainStep {
  key: "account" | "roles" | "grant" | "package" | "dataScope" | "row";
  ok: boolean;
  text: string;
}

export interface Explanation {
  granted: boolean;
  steps: ExplainStep[];
}

const SCOPE_NAMES: Record<number, string> = { 1: "全部可见", 2: "本人可见", 3: "所在机构可见", 4: "所在机构及子级可见", 5: "自定义" };

const describeScope = (r: DataScopeRule) =>
  `${SCOPE_NAMES[r.scopeType] ?? `类型${r.scopeType}`}${r.scopeType === 5 ? `（${r.scopeValue}）` : ""}`;

/**
 * Why a user can or cannot use a menu or button (and see a row of the table that menu manages):
 * role → grant → tenant package → data scope. The verdict comes from evaluateUser, the statement
 * every request is authenticated by, and the row from the data-scope condition the repository
 * applies; the steps only name the parts of that verdict.
 */
export async function explainAccess(scope: TenantScope, params: Record<string, string>): Promise<Explanation> {
  const { userId = "", code = "", rowId = "" } = params;
  if (!isId(userId)) throw badRequest("请选择用户");
  if (!code) throw badRequest("请选择菜单或按钮");
  if (rowId && !isId(rowId)) throw badRequest("请求参数格式错误: rowId");
  // The caller explains only users they may see themselves.
  const target = await scope.repo(user).get(userId, "用户不存在");
  const menus = scope.repo(menu);
  const [item] = await menus.list(eq(menu.code, code), { limit: 1 });
  if (!item) throw badRequest("菜单或按钮不存在");
  const page = item.category === 2 ? ((await menus.list(eq(menu.id, item.parentId), { limit: 1 }))[0] ?? item) : item;

  const { caller, refusal } = await evaluateUser(scope.db, target.tenantId, userId, [code], scope.clock());
  if (!caller) return { granted: false, steps: [{ key: "account", ok: false, text: refusal ?? "账号不可用" }] };
  const steps: ExplainStep[] = [{ key: "account", ok: true, text: `${caller.account}（租户 ${caller.tenantId}）可以登录` }];

  const roles = caller.roleIds.length ? await scope.repo(role).list(inArray(role.id, caller.roleIds)) : [];
  steps.push({ key: "roles", ok: roles.length > 0, text: roles.length ? `角色：${roles.map((r) => r.roleName).join("、")}` : "没有有效的角色" });
  if (caller.isAdministrator) {
    steps.push({ key: "grant", ok: true, text: "超级管理员拥有全部菜单和按钮" });
    return { granted: true, steps };
  }

  const grantedBy = new Set(
    caller.roleIds.length
      ? (await scope.db.select({ roleId: roleMenu.roleId }).from(roleMenu).where(and(inArray(roleMenu.roleId, caller.roleIds), eq(roleMenu.menuId, item.id)))).map((r) => r.roleId)
      : [],
  );
  const granting = roles.filter((r) => grantedBy.has(r.id)).map((r) => ({ name: r.roleName }));
  steps.push({
    key: "grant",
    ok: granting.length > 0,
    text: granting.length ? `由角色 ${granting.map((r) => r.name).join("、")} 授予「${item.name}」` : `没有角色被授予「${item.name}」`,
  });
  const [{ allowed }] = (
    (await scope.db.execute(sql`select ${packageAllows(sql`${caller.tenantId}`, sql`${item.id}`)} as allowed`)) as unknown as { rows: { allowed: boolean }[] }
  ).rows;
  steps.push({ key: "package", ok: !!allowed, text: allowed ? "租户套餐包含此项（或租户没有套餐限制）" : "租户套餐不包含此项：无论角色如何授予都不可用" });

  const granted = caller.granted?.get(code) === true;
  const rules = (caller.dataScopes ?? []).filter((r) => r.menuCode === page.code);
  steps.push({
    key: "dataScope",
    ok: true,
    text: rules.length ? `「${page.name}」的数据权限：${rules.map(describeScope).join("；")}（多个角色取并集）` : `「${page.name}」没有数据权限限制：可见租户内全部数据`,
  });

  const table = rowId ? tableOfMenu(page.code) : undefined;
  if (rowId && !table) steps.push({ key: "row", ok: false, text: `「${page.name}」没有可检查的数据行` });
  if (rowId && table) {
    // The target's own view of the row: their tenant, the logical delete, their data scope.
    const visible = await scope.db
      .select({ id: sql`1` })
      .from(table)
      .where(
        and(
          eq(table.id, rowId),
          table.tenantId ? eq(table.tenantId, caller.tenantId) : undefined,
          eq(table.isDeleted, 0),
          dataScopeCondition(table, caller.dataScopes ?? [], caller),
        ),
      )
      .limit(1);
    steps.push({ key: "row", ok: visible.length > 0, text: visible.length ? `可以看到数据行 ${rowId}` : `看不到数据行 ${rowId}（不存在、属于其他租户或在数据权限之外）` });
  }
  return { granted, steps };
}
