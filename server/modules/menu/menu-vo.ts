import { MENU_SYSTEM_TYPE_DICT } from "../../../domain/resources/system/menu/spec";
import { dictPart } from "../../kit/dict-labels";
import type { TenantScope } from "../../security/tenant-scope";
import { allMenus, readableMenuIds, type MenuRow } from "./service";

/** BladeX names the parent of root menus 顶级 in parentName. */
const TOP_PARENT_NAME = "顶级";

/** BladeX MenuVO: the row with its parent's name, whether it has live children, and its dictionary labels. */
export type MenuVO = MenuRow & {
  hasChildren: boolean;
  parentName: string;
  categoryName: string;
  actionName: string;
  isOpenName: string;
  systemTypeName: string;
  isDefaultName: string;
  children?: MenuVO[];
};

/**
 * MenuVOs of these rows. The platform's menus are a few hundred rows at most, so the whole table is
 * read once for the parents' names and the children counts. `childCategory` counts only children
 * of that category (lazy-menu-list: a menu whose only children are buttons has none to open).
 */
export async function menuVO(scope: TenantScope, rows: MenuRow[], childCategory?: number): Promise<MenuVO[]> {
  if (rows.length === 0) return [];
  const every = await allMenus(scope);
  // Children the caller may not read are none of its business: they neither open nor count.
  const readable = await readableMenuIds(scope, every);
  const all = readable ? every.filter((m) => readable.has(m.id)) : every;
  const names = new Map(all.map((m) => [m.id, m.name]));
  const parents = new Set(all.filter((m) => childCategory === undefined || m.category === childCategory).map((m) => m.parentId));
  const labels = await scope.lookup([dictPart("category", "menu_category"), dictPart("action", "button_func"), dictPart("isOpen", "yes_no"), dictPart("systemType", MENU_SYSTEM_TYPE_DICT), dictPart("isDefault", "yes_no")]);
  const label = (name: string, value: number) => labels.get(name)?.get(String(value)) ?? "";
  return rows.map((m) => ({
    ...m,
    hasChildren: parents.has(m.id),
    parentName: m.parentId === "0" ? TOP_PARENT_NAME : (names.get(m.parentId) ?? ""),
    categoryName: label("category", m.category),
    actionName: label("action", m.action),
    isOpenName: label("isOpen", m.isOpen),
    systemTypeName: label("systemType", m.systemType),
    isDefaultName: label("isDefault", m.isDefault),
  }));
}
