/**
 * The platform's menu tree as the seed writes it: derived from the one registry
 * (domain/menus, MENU_TREE), in the server's language. `source` is an Ant Design icon name; the
 * console maps it to the icon component.
 */
import { MENU_TREE as ENTRIES, TOP_MENUS as TOP_ENTRIES, USER_ROLE_MENU_CODES, type MenuEntry } from "../../../domain/menus";

export { USER_ROLE_MENU_CODES };

export interface ButtonSeed {
  alias: string;
  name: string;
  /** button_func: 1 toolbar, 2 row, 3 both. */
  action: number;
}

export interface MenuSeed {
  code: string;
  name: string;
  path: string;
  alias?: string;
  source?: string;
  children?: MenuSeed[];
  buttons?: ButtonSeed[];
}

const toSeed = (e: MenuEntry): MenuSeed => ({
  code: e.code,
  name: e.title.zh,
  path: e.path,
  ...(e.alias ? { alias: e.alias } : {}),
  ...(e.icon ? { source: e.icon } : {}),
  ...(e.children ? { children: e.children.map(toSeed) } : {}),
  ...(e.buttons ? { buttons: e.buttons.map((b) => ({ alias: b.alias, name: b.name.zh, action: b.action })) } : {}),
});

export const MENU_TREE: MenuSeed[] = ENTRIES.map(toSeed);

export interface TopMenuSeed {
  code: string;
  name: string;
  source: string;
  /** Codes of the menus the entry shows (with everything below them). */
  menuCodes: string[];
}

export const TOP_MENUS: TopMenuSeed[] = TOP_ENTRIES.map((t) => ({ code: t.code, name: t.title.zh, source: t.icon, menuCodes: t.menuCodes }));
