import { defineResource, field } from "../../../validation";

/** What menuId is: the menu a scope hangs from, set by the page that lists that menu's scopes. */
const menuId = field.id({ zh: "所属菜单", en: "Menu" }, { required: true, column: false, filter: true });

/**
 * 数据权限 (BladeX blade_scope_data): per menu, which rows of the table that menu manages a role
 * holding the scope sees (§6). Platform-wide like the menus; managed from the menu page (row action
 * 数据权限). Labels are Saber's data-scope form's.
 */
export const dataScopeSpec = defineResource({
  name: "dataScope",
  menuCode: "menu_data_scope",
  api: "/blade-system/data-scope",
  path: "/system/menu/data-scope",
  title: { zh: "数据权限", en: "Data scopes" },
  fields: {
    scopeName: field.text({ zh: "权限名称", en: "Name" }, 64, { required: true, format: "textarea", search: "like", sortable: true }),
    resourceCode: field.text({ zh: "权限编号", en: "Code" }, 64, { required: true, format: "code", search: "like", sortable: true }),
    // The column types 2–4 compare (create_user, create_dept by default); checked by scope-rules.ts.
    scopeColumn: field.text({ zh: "权限字段", en: "Column" }, 64),
    scopeType: field.dict({ zh: "规则类型", en: "Rule type" }, "data_scope_type", {
      required: true, oneOf: [1, 2, 3, 4, 5], defaultValue: 1, search: "equal",
    }),
    scopeField: field.text({ zh: "可见字段", en: "Visible fields" }, 255, { column: false, defaultValue: "*" }),
    scopeClass: field.text({ zh: "权限类名", en: "Class" }, 500, { column: false, format: "code" }),
    // Type 5 only: `column:operator:value` conditions joined by `;` (scope-rules.ts), never SQL.
    scopeValue: field.text({ zh: "规则值", en: "Rule" }, 2000, { column: false }),
    menuId,
    remark: field.remark({ zh: "备注", en: "Remark" }),
  },
});

/**
 * 接口权限 (BladeX blade_scope_api): per menu, the request paths (ant-style patterns) only roles
 * holding the scope may call (§6). Platform-wide; managed from the menu page (row action 接口权限).
 */
export const apiScopeSpec = defineResource({
  name: "apiScope",
  menuCode: "menu_api_scope",
  api: "/blade-system/api-scope",
  path: "/system/menu/api-scope",
  title: { zh: "接口权限", en: "API scopes" },
  fields: {
    scopeName: field.text({ zh: "权限名称", en: "Name" }, 64, { required: true, format: "textarea", search: "like", sortable: true }),
    resourceCode: field.text({ zh: "权限编号", en: "Code" }, 64, { required: true, format: "code", search: "like", sortable: true }),
    // Checked by scope-rules.ts: `/blade-user/**`, `/blade-system/menu/*`, …
    scopePath: field.text({ zh: "权限路径", en: "Path pattern" }, 255, { required: true, search: "like" }),
    scopeType: field.dict({ zh: "接口类型", en: "API type" }, "api_scope_type", { required: true, oneOf: [1, 2], defaultValue: 1, search: "equal" }),
    menuId,
    remark: field.remark({ zh: "备注", en: "Remark" }),
  },
});
