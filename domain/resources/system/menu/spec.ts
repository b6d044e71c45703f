import { defineResource, field } from "../../../validation";
import { CRUD, button, scopedButtons } from "../../../menus/entry";

// The specs of the resources this page manages beside the menus: spec.ts is where the kit's checks
// (permission codes seeded, …) look for them.
export { apiScopeSpec, dataScopeSpec } from "./scope-spec";
export { topMenuSpec } from "./topmenu-spec";

/** The parent of root menus. */
export const MENU_ROOT = "0";
export const CATEGORY_MENU = 1;
export const CATEGORY_BUTTON = 2;

/**
 * §3 systemType: the client a menu entry is for (dictionary menu_system_type). The console's own
 * calls that build its side menu and route guard (/menu/routes, menuNodeTree, topLeftMenuTree)
 * answer only SYSTEM_TYPE_CONSOLE entries, nothing below a mobile one; menu management, the grant
 * trees and the buttons show and grant every entry, whatever its client.
 */
export const SYSTEM_TYPE_CONSOLE = 1;
export const SYSTEM_TYPE_MOBILE = 2;
/** The dictionary of systemType: 1 控制台 (web console), 2 移动端 (mobile). */
export const MENU_SYSTEM_TYPE_DICT = "menu_system_type";

/**
 * §3 isDefault (yes_no: 1 否, 2 是), 默认首页: the page a user who holds it lands on after signing in,
 * instead of the workbench; a user who does not hold it lands as before. Menus are the platform's
 * (blade_menu has no tenant: every tenant shares one tree and holds part of it through its package
 * and roles), so "at most one per tenant" is kept as at most one in the platform: setting one
 * clears any other in the same transaction. Only a console menu (category 1, systemType 1) with a
 * route of this console may be the default; a button or a mobile entry never is.
 */
export const IS_DEFAULT_YES = 2;
export const IS_DEFAULT_NO = 1;

/**
 * 菜单管理 (/system/menu, BladeX blade_menu): platform-wide menus (category 1) and the buttons
 * below them (category 2), whose codes are the permission codes. Only the platform administrator
 * writes them. Labels are Saber's menu form's.
 */
export const menuSpec = defineResource({
  name: "menu",
  menuCode: "menu",
  menu: {
    icon: "MenuOutlined",
    // The data and API scopes of each menu and the top menus are managed on this page (§2 gives
    // them no path): their codes are buttons of this menu (menu_data_scope, menu_data_scope_add …).
    buttons: [
      ...CRUD,
      ...scopedButtons("data_scope", "数据权限", "Data scopes", "data scope"),
      ...scopedButtons("api_scope", "接口权限", "API scopes", "API scope"),
      ...scopedButtons("topmenu", "顶部菜单", "Top menus", "top menu"),
      button("topmenu_setting", "顶部菜单配置", "Configure top menus", 2),
    ],
  },
  api: "/blade-system/menu",
  path: "/system/menu",
  title: { zh: "菜单管理", en: "Menus" },
  // blade_menu has no audit columns.
  audit: false,
  fields: {
    name: field.text({ zh: "菜单名称", en: "Name" }, 64, { required: true, format: "textarea", search: "like", sortable: true }),
    // Checked by menu-rules.ts: a route path or an http(s) address, required of menus only.
    path: field.text({ zh: "路由地址", en: "Path" }, 255, { filter: true }),
    parentId: field.id({ zh: "上级菜单", en: "Parent menu" }, { column: false, filter: true, control: "treeSelect" }),
    source: field.text({ zh: "菜单图标", en: "Icon" }, 255, { column: false }),
    code: field.text({ zh: "菜单编号", en: "Code" }, 64, { required: true, format: "code", search: "like", sortable: true }),
    category: field.dict({ zh: "菜单类型", en: "Type" }, "menu_category", {
      required: true, oneOf: [1, 2], control: "radio", defaultValue: 1, filter: true,
    }),
    alias: field.text({ zh: "菜单别名", en: "Alias" }, 64, { required: true, format: "code", search: "like", defaultValue: "menu" }),
    // 0 (none) for menus; the button_func dictionary offers 1 toolbar, 2 row, 3 both.
    action: field.dict({ zh: "按钮功能", en: "Button position" }, "button_func", { oneOf: [0, 1, 2, 3], defaultValue: 0, column: false }),
    sort: field.int({ zh: "菜单排序", en: "Sort" }, { required: true, maxValue: 99999, sortable: true, defaultValue: 1 }),
    // yes_no: 1 no, 2 yes (an address opens in a new window).
    isOpen: field.dict({ zh: "新窗口", en: "New window" }, "yes_no", { oneOf: [1, 2], defaultValue: 1, column: false, control: "radio" }),
    // Menus only (a button's is reset to 1): see SYSTEM_TYPE_CONSOLE. A column and a filter of the list.
    systemType: field.dict({ zh: "系统类型", en: "Client" }, MENU_SYSTEM_TYPE_DICT, { oneOf: [1, 2], defaultValue: 1, search: "equal", control: "radio" }),
    // Menus only (a button's is reset to 1): see IS_DEFAULT_YES. The list tags it beside the name.
    isDefault: field.dict({ zh: "默认首页", en: "Default page" }, "yes_no", { oneOf: [1, 2], defaultValue: 1, column: false, control: "radio" }),
    remark: field.remark({ zh: "菜单备注", en: "Remark" }),
  },
  unique: [{ field: "code", message: { zh: "菜单编号已存在", en: "Menu code already exists" } }],
});
