/**
 * A menu entry of the platform (§2) as every side reads it: the seeded menu tree and its buttons
 * (server/db/seed), the menu and button names in both languages (the console's menu-i18n), and
 * the permission codes a spec derives. A resource spec carries its own entry (`menu` of
 * defineResource); pages without a spec are described in pages.ts.
 */

export interface Words {
  zh: string;
  en: string;
}

export interface ButtonEntry {
  /** The code is `<menu code>_<alias>`. */
  alias: string;
  name: Words;
  /** button_func: 1 toolbar, 2 row, 3 both. */
  action: 1 | 2 | 3;
}

export interface MenuEntry {
  code: string;
  title: Words;
  path: string;
  /** An Ant Design icon name; the console maps it to the icon component. */
  icon?: string;
  /**
   * The menu's alias (BladeX's `alias`, "menu" when absent): a detail page whose path names it
   * keeps this menu item active (§2: resourceApplication, myResources, myApplication, approvalManagement).
   */
  alias?: string;
  buttons?: ButtonEntry[];
  /** API prefixes the page calls besides its spec's `api` (a test checks every route has an owner). */
  apis?: string[];
  children?: MenuEntry[];
}

/** What a resource spec says of its menu entry; code, title and path are the spec's own. */
export interface SpecMenu {
  icon: string;
  buttons?: ButtonEntry[];
  /** API prefixes the page calls besides the spec's `api`. */
  apis?: string[];
}

const button = (alias: string, zh: string, en: string, action: 1 | 2 | 3): ButtonEntry => ({ alias, name: { zh, en }, action });

export const add = button("add", "新增", "Create", 1);
export const edit = button("edit", "修改", "Edit", 2);
export const remove = button("delete", "删除", "Delete", 3);
export const view = button("view", "查看", "View", 2);
export const exportButton = button("export", "导出", "Export", 1);
export const importButton = button("import", "导入", "Import", 1);
export const CRUD: ButtonEntry[] = [add, edit, remove, view];
export const LOG: ButtonEntry[] = [view, exportButton];
export { button };

/**
 * A page-within-a-page's own button (opening it, action 2) and its CRUD buttons, codes prefixed
 * with `alias`: 角色组 gives group, group_add (新增角色组, "Create role group") …
 */
export function scopedButtons(alias: string, zh: string, en: string, one: string): ButtonEntry[] {
  return [
    button(alias, zh, en, 2),
    ...CRUD.map((b) => button(`${alias}_${b.alias}`, `${b.name.zh}${zh}`, `${b.name.en} ${one}`, b.action)),
  ];
}

/** The entry of a page that has a resource spec: its code, title and path are the spec's. */
export function specEntry(spec: { menuCode: string; title: Words; path: string; api: string; menu?: SpecMenu }): MenuEntry {
  if (!spec.menu) throw new Error(`the spec of ${spec.menuCode} has no menu entry`);
  const { icon, buttons, apis = [] } = spec.menu;
  return { code: spec.menuCode, title: spec.title, path: spec.path, icon, ...(buttons ? { buttons } : {}), apis: [`${spec.api}/`, ...apis] };
}

/**
 * The APIs no menu page owns, and why: what the sign-in, every signed-in person or the platform
 * itself calls. Every other route belongs to a menu entry (its spec's api or its `apis`).
 */
export const PLATFORM_APIS: Record<string, string> = {
  "/health": "the load balancer's health check",
  "/openapi.json": "the API's own description",
  "/blade-auth/": "sign-in, tokens, captcha, codes and third-party sign-in",
  "/authentication/openid-connect/logout": "the unified sign-out (every session of the user), from the user menu of any page",
  "/blade-resource/oss/endpoint/": "uploads (avatars, logos) of any page",
  "/blade-resource/common/upload": "the generic upload widget (attachments) of any page",
  "/blade-log/error/upload": "the console's error capture, from any page",
  "/authentication/resourceNotice/": "the notice bell of the top bar (requests, decisions, grants ending), on any page",
  "/blade-system/sysConfig/updateExpiredPassword": "the sign-in's forced change of an expired password",
  "/scim/v2/": "SCIM 2.0 provisioning: identity providers with a tenant's bearer token (用户同步 → SCIM 令牌), no console page",
};

/** Every entry of a tree, parents before their children. */
export const flattenEntries = (nodes: MenuEntry[]): MenuEntry[] => nodes.flatMap((n) => [n, ...flattenEntries(n.children ?? [])]);

/**
 * The names of menus by code and of buttons by alias in one language, as the console's i18n
 * bundles hold them. A button whose alias another menu already names differently is keyed by
 * its code (重置密码 is `reset`, 重置管理员密码 `tenant_reset`); aliases in `shared` are left to
 * the console's shared action words.
 */
export function menuWords(tree: MenuEntry[], extra: { code: string; title: Words }[], lng: keyof Words, shared: string[]) {
  const menuName: Record<string, string> = {};
  const buttonName: Record<string, string> = {};
  const zhOf = new Map<string, string>();
  for (const entry of [...flattenEntries(tree), ...extra]) menuName[entry.code] = entry.title[lng];
  for (const entry of flattenEntries(tree)) {
    for (const b of entry.buttons ?? []) {
      if (shared.includes(b.alias)) continue;
      const seen = zhOf.get(b.alias);
      if (seen === undefined) {
        zhOf.set(b.alias, b.name.zh);
        buttonName[b.alias] = b.name[lng];
      } else if (seen !== b.name.zh) buttonName[`${entry.code}_${b.alias}`] = b.name[lng];
    }
  }
  return { menuName, buttonName };
}
