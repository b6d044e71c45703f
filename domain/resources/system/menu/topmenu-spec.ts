import { defineResource, field } from "../../../validation";

/**
 * 顶部菜单 (BladeX blade_top_menu): a tenant's top-bar entries, each showing the side menus it is
 * granted (topmenu/grant). §2 gives it no page of its own: it is a tab of the menu page.
 */
export const topMenuSpec = defineResource({
  name: "topmenu",
  menuCode: "menu_topmenu",
  api: "/blade-system/topmenu",
  path: "/system/menu/topmenu",
  title: { zh: "顶部菜单", en: "Top menus" },
  fields: {
    name: field.text({ zh: "菜单名称", en: "Name" }, 64, { required: true, format: "textarea", search: "like", sortable: true }),
    code: field.text({ zh: "菜单编号", en: "Code" }, 64, { required: true, format: "code", search: "like", sortable: true }),
    // An icon name, checked like a menu's (menu-rules.ts).
    source: field.text({ zh: "菜单图标", en: "Icon" }, 255, { column: false }),
    // Where the entry leads when it has no side menu; optional.
    path: field.text({ zh: "路由地址", en: "Path" }, 255, { column: false }),
    sort: field.int({ zh: "菜单排序", en: "Sort" }, { required: true, maxValue: 99999, sortable: true, defaultValue: 1 }),
  },
  unique: [{ field: "code", message: { zh: "顶部菜单编号已存在", en: "Top menu code already exists" } }],
});
