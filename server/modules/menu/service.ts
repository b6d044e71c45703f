import type { MenuNode } from "../../../domain/contract";
import { buildForest } from "../../db/tree";
import { allMenus, grantedMenuIds, toMenuNode } from "../../security/menu-grants";
import type { TenantScope } from "../../security/tenant-scope";

export {
  allMenus,
  grantedMenuIds,
  menuIdsOfRoles,
  menuIdsOfTenant,
  readableMenuIds,
  routesOf,
  toMenuNode,
  withAncestors,
  withDescendants,
  type MenuRow,
} from "../../security/menu-grants";

/** The menus that own granted buttons, each with those buttons as children (Blade's shape). */
export async function buttonsOf(scope: TenantScope): Promise<MenuNode[]> {
  const menus = await allMenus(scope);
  const granted = await grantedMenuIds(scope, menus);
  const buttons = menus.filter((m) => m.category === 2 && granted.has(m.id));
  const owners = new Set(buttons.map((b) => b.parentId));
  return buildForest(menus.filter((m) => owners.has(m.id) || buttons.includes(m)).map(toMenuNode));
}
