import { and, eq, inArray } from "drizzle-orm";
import { menu, role, roleMenu, user } from "../../db/schema";
import { isId } from "../../db/ids";
import { badRequest } from "../../http/errors";
import { evaluateUser } from "../../security/authenticate";
import { placeOf } from "../../../domain/contract/menu-reach";
import type { Caller } from "../../security/caller";
import { tableOfMenu, type DataScopeRule } from "../../security/data-scope";
import { menuReachOf } from "../../security/menu-grants";
import { packageAllowsMenu } from "../../security/tenants";
import type { TenantScope } from "../../security/tenant-scope";

export interface ExplainStep {
  key: "account" | "roles" | "grant" | "package" | "menu" | "dataScope" | "row";
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

/** The scope the explained user's own requests get (the same clock as the caller's). */
const asUser = (scope: TenantScope, caller: Caller) => scope.as(caller);

/**
 * Whether the user's side menu lists the page (a button's page) and the route guard opens it, by
 * the rule the console itself applies (contract/menu-reach.ts) over what the server answers that
 * user for /menu/routes and its top menus.
 */
async function menuStep(scope: TenantScope, caller: Caller, page: { id: string; name: string }): Promise<ExplainStep> {
  const reach = await menuReachOf(asUser(scope, caller));
  const place = placeOf(reach, (n) => n.id === page.id);
  const topName = (id: string) => reach.tops.find((t) => t.id === id)?.name ?? id;
  if (!place.reachable) {
    return { key: "menu", ok: false, text: `「${page.name}」不在该用户的菜单中：侧边菜单不显示，打开页面会显示 403` };
  }
  if (reach.tops.length === 0) return { key: "menu", ok: true, text: `「${page.name}」显示在侧边菜单中` };
  if (place.ungrouped) return { key: "menu", ok: true, text: `「${page.name}」未归入任何顶部菜单：在每个顶部菜单的侧边菜单中显示` };
  return { key: "menu", ok: true, text: `「${page.name}」显示在顶部菜单「${place.topIds.map(topName).join("、")}」的侧边菜单中` };
}

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

  const { caller, refusal } = await evaluateUser(scope, target.tenantId, userId, [code], scope.clock());
  if (!caller) return { granted: false, steps: [{ key: "account", ok: false, text: refusal ?? "账号不可用" }] };
  const steps: ExplainStep[] = [{ key: "account", ok: true, text: `${caller.account}（租户 ${caller.tenantId}）可以登录` }];

  const roles = caller.roleIds.length ? await scope.repo(role).list(inArray(role.id, caller.roleIds)) : [];
  steps.push({ key: "roles", ok: roles.length > 0, text: roles.length ? `角色：${roles.map((r) => r.roleName).join("、")}` : "没有有效的角色" });
  if (caller.isAdministrator) {
    steps.push({ key: "grant", ok: true, text: "超级管理员拥有全部菜单和按钮" });
    steps.push(await menuStep(scope, caller, page));
    return { granted: steps.every((s) => s.ok), steps };
  }

  const grantedBy = new Set(
    caller.roleIds.length
      ? (await scope.platform(roleMenu).select({ roleId: roleMenu.roleId }, and(inArray(roleMenu.roleId, caller.roleIds), eq(roleMenu.menuId, item.id)))).map((r) => r.roleId)
      : [],
  );
  const granting = roles.filter((r) => grantedBy.has(r.id)).map((r) => ({ name: r.roleName }));
  // A directory is not opened for itself: it shows when a page below it is granted.
  const directory = item.category !== 2 && (await menus.list(and(eq(menu.parentId, item.id), eq(menu.category, 1)), { limit: 1 })).length > 0;
  const menuPlace = await menuStep(scope, caller, page);
  steps.push(
    granting.length || !directory
      ? {
          key: "grant",
          ok: granting.length > 0,
          text: granting.length ? `由角色 ${granting.map((r) => r.name).join("、")} 授予「${item.name}」` : `没有角色被授予「${item.name}」`,
        }
      : { key: "grant", ok: menuPlace.ok, text: menuPlace.ok ? `「${item.name}」是目录：其下有授予的页面` : `「${item.name}」是目录：其下没有授予的页面` },
  );
  const allowed = await packageAllowsMenu(scope, caller.tenantId, item.id);
  steps.push({ key: "package", ok: !!allowed, text: allowed ? "租户套餐包含此项（或租户没有套餐限制）" : "租户套餐不包含此项：无论角色如何授予都不可用" });
  steps.push(menuPlace);
  const granted = (directory && !granting.length ? true : caller.granted?.get(code) === true) && menuPlace.ok;
  const rules = (caller.dataScopes ?? []).filter((r) => r.menuCode === page.code);
  steps.push({
    key: "dataScope",
    ok: true,
    text: rules.length ? `「${page.name}」的数据权限：${rules.map(describeScope).join("；")}（多个角色取并集）` : `「${page.name}」没有数据权限限制：可见租户内全部数据`,
  });

  const table = rowId ? tableOfMenu(page.code) : undefined;
  if (rowId && !table) steps.push({ key: "row", ok: false, text: `「${page.name}」没有可检查的数据行` });
  if (rowId && table) {
    // The target's own view of the row: what the repository shows them (their tenant, the logical
    // delete, their data scope). Never the platform administrator's: that answer returned above.
    const visible = await asUser(scope, caller).repo(table).count(eq(table.id, rowId));
    steps.push({ key: "row", ok: visible > 0, text: visible > 0 ? `可以看到数据行 ${rowId}` : `看不到数据行 ${rowId}（不存在、属于其他租户或在数据权限之外）` });
  }
  return { granted, steps };
}
