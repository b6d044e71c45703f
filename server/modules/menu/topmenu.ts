import { asc, inArray } from "drizzle-orm";
import { CATEGORY_MENU, topMenuSpec } from "../../../domain/resources/system/menu/spec";
import { validateTopMenu } from "../../../domain/resources/system/menu/menu-rules";
import { isId } from "../../db/ids";
import { topMenu, topMenuSetting } from "../../db/schema";
import { MAX_IDS, readJsonObject } from "../../http/body";
import { badRequest, forbidden, ok } from "../../http/errors";
import { crudModule, fieldErrors } from "../../kit/crud";
import { can } from "../../security/authorize";
import { type TenantScope } from "../../security/tenant-scope";
import { allMenus, grantedMenuIds } from "./service";

export const MSG_TOP_MENU_MISSING = "顶部菜单不存在";

/** An id list of the grant body: a JSON array of ids (or BladeX's comma-joined string), at most MAX_IDS. */
function idList(body: Record<string, unknown>, name: string): string[] {
  const value = body[name];
  if (value === undefined || value === null) throw badRequest(`缺少必要的请求参数: ${name}`);
  const list = typeof value === "string" ? value.split(",").map((s) => s.trim()).filter(Boolean) : value;
  if (!Array.isArray(list) || !list.every(isId)) throw badRequest(`请求参数格式错误: ${name}`);
  if (list.length > MAX_IDS) throw badRequest(`一次最多操作${MAX_IDS}条数据`);
  return [...new Set(list)];
}

/**
 * POST /topmenu/grant {topMenuIds, menuIds}: the side menus each top menu shows become exactly
 * `menuIds`, in one transaction. Only live menus (not buttons), and below the platform
 * administrator only menus the caller's roles hold.
 */
async function grant(scope: TenantScope, body: Record<string, unknown>): Promise<void> {
  const topMenuIds = idList(body, "topMenuIds");
  if (topMenuIds.length === 0) throw badRequest("请选择顶部菜单");
  const menuIds = idList(body, "menuIds");
  await scope.transaction(async (tx) => {
    await tx.repo(topMenu).find(topMenuIds, MSG_TOP_MENU_MISSING);
    const menus = await allMenus(tx);
    const byId = new Map(menus.map((m) => [m.id, m]));
    if (!menuIds.every((id) => byId.get(id)?.category === CATEGORY_MENU)) throw badRequest("菜单不存在");
    const held = await grantedMenuIds(tx, menus);
    const lacking = menuIds.filter((id) => !held.has(id));
    if (lacking.length) throw forbidden(`不能配置自己未拥有的菜单：${lacking.slice(0, 5).map((id) => byId.get(id)!.name).join("、")}`);
    const links = tx.platform(topMenuSetting);
    const settings = await links.select({ topMenuId: topMenuSetting.topMenuId, menuId: topMenuSetting.menuId }, inArray(topMenuSetting.topMenuId, topMenuIds));
    await links.delete(inArray(topMenuSetting.topMenuId, topMenuIds));
    await links.insert(topMenuIds.flatMap((topMenuId) => menuIds.map((menuId) => ({ topMenuId, menuId }))));
    // Who configured the top menus, and when: the audit columns, and in the operation log the
    // side menus each top menu showed before and shows now (they live in the settings table).
    const after = [...menuIds].sort();
    const changes = Object.fromEntries(
      topMenuIds.map((id): [string, Record<string, [unknown, unknown]>] => {
        const before = settings.filter((s) => s.topMenuId === id).map((s) => s.menuId).sort();
        return [id, JSON.stringify(before) === JSON.stringify(after) ? {} : { menuIds: [before, after] }];
      }),
    );
    await tx.repo(topMenu).update(topMenuIds, {}, MSG_TOP_MENU_MISSING, changes);
  });
}

/**
 * /blade-system/topmenu: a tenant's top menus (the kit's common routes, each tenant its own) and
 * `grant`, which sets the side menus each one shows. Removing a top menu drops its settings.
 */
export const topMenuModule = crudModule<typeof topMenu>(topMenuSpec, () => ({
  table: topMenu,
  missing: MSG_TOP_MENU_MISSING,
  defaultOrder: [asc(topMenu.sort), asc(topMenu.id)],
  beforeWrite: async (_tx, values) => {
    const errors = validateTopMenu(values);
    if (errors.length) fieldErrors(errors);
  },
  beforeRemove: async (tx, rows) => {
    await tx.platform(topMenuSetting).delete(inArray(topMenuSetting.topMenuId, rows.map((r) => r.id)));
  },
  routes: [
    {
      method: "POST",
      path: "/grant",
      access: can("menu_topmenu_setting"),
      handler: async (c) => {
        await grant(c.var.scope, await readJsonObject(c));
        return ok(c, true);
      },
    },
  ],
}));
