/**
 * The menu form's rules beyond each field's own (spec.ts), as pure functions: the console's form
 * and /blade-system/menu/submit refuse the same input with the same words.
 */
import { isEmptyValue, patterns, type FieldError, type Lang, type Message } from "../../../validation";
import { CATEGORY_BUTTON, CATEGORY_MENU, IS_DEFAULT_YES, SYSTEM_TYPE_CONSOLE } from "./spec";

export const MENU_MESSAGES = {
  pathRequired: { zh: "请输入路由地址", en: "Please enter the path" },
  pathFormat: {
    zh: "路由地址应以 / 开头，或是 http(s) 网址",
    en: "The path must start with / or be an http(s) address",
  },
  iconFormat: { zh: "菜单图标只能包含字母、数字、空格和 _ - . :", en: "The icon may only contain letters, digits, spaces and _ - . :" },
  actionRequired: { zh: "请选择按钮功能", en: "Please select the button position" },
  buttonParent: { zh: "按钮必须挂在菜单下", en: "A button must belong to a menu" },
  parentMissing: { zh: "上级菜单不存在", en: "The parent menu does not exist" },
  parentIsButton: { zh: "上级菜单不能是按钮", en: "The parent cannot be a button" },
  parentCycle: { zh: "上级菜单不能是自身或其下级", en: "The parent cannot be the menu itself or below it" },
  buttonWithChildren: { zh: "该菜单下还有子菜单或按钮，不能改为按钮", en: "A menu with children cannot become a button" },
  defaultNotConsole: { zh: "只有控制台菜单可以设为默认首页", en: "Only a web console menu can be the default page" },
  defaultNeedsRoute: { zh: "默认首页必须是控制台内的路由地址(以 / 开头)", en: "The default page must be a route of this console (starting with /)" },
} satisfies Record<string, Message>;

const say = (m: Message, lang: Lang) => (lang === "en" ? m.en : m.zh);

/** A route of this console (`/system/user`, letters, digits, _ - . / and `:` params) or an http(s) address. */
const ROUTE = /^\/[A-Za-z0-9_\-./:]*$/;
/** Saber replaces `${token}` in an address menu; braces are allowed there and only there. */
const isAddress = (v: string) => patterns.url.test(v.replace(/\$\{token\}/g, "token"));

export const isMenuPath = (value: string) => ROUTE.test(value) || isAddress(value);

/** Ant Design icon names (`UserOutlined`) and BladeX's iconfont classes (`iconfont iconicon_setting`). */
export const ICON = /^[A-Za-z0-9 _.:-]*$/;

export interface MenuValues {
  category?: unknown;
  path?: unknown;
  source?: unknown;
  action?: unknown;
  parentId?: unknown;
  systemType?: unknown;
  isDefault?: unknown;
}

const isRoot = (parentId: unknown) => isEmptyValue(parentId) || parentId === "0" || parentId === 0 || parentId === "-1";

/**
 * The errors of a menu as it will be saved (the stored row merged with the update): a menu needs a
 * path, any path must be a route or an address, a button sits under a menu and says where it shows.
 */
export function validateMenu(values: MenuValues, lang: Lang = "zh"): FieldError[] {
  const errors: FieldError[] = [];
  const category = Number(values.category ?? CATEGORY_MENU);
  const path = typeof values.path === "string" ? values.path.trim() : "";
  if (category === CATEGORY_MENU && path === "") errors.push({ field: "path", message: say(MENU_MESSAGES.pathRequired, lang) });
  else if (path !== "" && !isMenuPath(path)) errors.push({ field: "path", message: say(MENU_MESSAGES.pathFormat, lang) });
  if (typeof values.source === "string" && !ICON.test(values.source)) errors.push({ field: "source", message: say(MENU_MESSAGES.iconFormat, lang) });
  // 默认首页: a console menu a signed-in user can be sent to (not a button, a mobile entry or an address).
  if (category === CATEGORY_MENU && Number(values.isDefault) === IS_DEFAULT_YES) {
    if (Number(values.systemType ?? SYSTEM_TYPE_CONSOLE) !== SYSTEM_TYPE_CONSOLE) errors.push({ field: "isDefault", message: say(MENU_MESSAGES.defaultNotConsole, lang) });
    else if (path !== "" && !ROUTE.test(path)) errors.push({ field: "isDefault", message: say(MENU_MESSAGES.defaultNeedsRoute, lang) });
  }
  if (category === CATEGORY_BUTTON) {
    if (isRoot(values.parentId)) errors.push({ field: "parentId", message: say(MENU_MESSAGES.buttonParent, lang) });
    if (![1, 2, 3].includes(Number(values.action))) errors.push({ field: "action", message: say(MENU_MESSAGES.actionRequired, lang) });
  }
  return errors;
}

export const menuMessage = say;

/** A top menu's optional path and icon, checked like a menu's. */
export function validateTopMenu(values: { path?: unknown; source?: unknown }, lang: Lang = "zh"): FieldError[] {
  const errors: FieldError[] = [];
  const path = typeof values.path === "string" ? values.path.trim() : "";
  if (path !== "" && !isMenuPath(path)) errors.push({ field: "path", message: say(MENU_MESSAGES.pathFormat, lang) });
  if (typeof values.source === "string" && !ICON.test(values.source)) errors.push({ field: "source", message: say(MENU_MESSAGES.iconFormat, lang) });
  return errors;
}
