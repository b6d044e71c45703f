import { defineResource, field } from "../../../validation";
import { CRUD, button, importButton } from "../../../menus/entry";

/**
 * 机构管理 (/system/dept, BladeX blade_dept): the one description of a department, server and
 * console alike. `ancestors` (the ids from the top down to the parent) is the server's own and
 * never written by a request; `fullName` is BladeX's 机构全称 (the legal name beside the short
 * name), filled with the name when left blank.
 */
export const deptSpec = defineResource({
  name: "dept",
  menuCode: "dept",
  menu: { icon: "ApartmentOutlined", buttons: [...CRUD, importButton, button("sync", "同步", "Sync", 1)] },
  api: "/blade-system/dept",
  path: "/system/dept",
  title: { zh: "机构管理", en: "Departments" },
  fields: {
    deptName: field.text({ zh: "机构名称", en: "Name" }, 45, { required: true, format: "input", search: "like", sortable: true }),
    fullName: field.text({ zh: "机构全称", en: "Full name" }, 45, { format: "textarea" }),
    // Blank or "0": a top-level department. A tree select in the form, not a column.
    parentId: field.id({ zh: "上级机构", en: "Parent" }, { control: "treeSelect", column: false, filter: true }),
    deptCategory: field.dict({ zh: "机构类型", en: "Category" }, "org_category", { required: true, oneOf: [1, 2, 3], search: "equal" }),
    linkMan: field.text({ zh: "联系人", en: "Contact" }, 45, { format: "textarea" }),
    // §5 phone form rule: an 11-digit mainland mobile, else 格式不正确 (optional: not every department has one).
    phone: field.text({ zh: "联系电话", en: "Phone" }, 11, { format: "phone" }),
    mailbox: field.text({ zh: "联系邮箱", en: "Email" }, 100, { format: "email", column: false }),
    sort: field.int({ zh: "排序", en: "Sort" }, { required: true, maxValue: 99999, sortable: true, defaultValue: 1 }),
    remark: field.remark(),
  },
});

/** How a department's category reads when the dictionary is not at hand (import template, its check). */
export const DEPT_CATEGORIES: Record<number, string> = { 1: "公司", 2: "部门", 3: "小组" };

/** Buttons of the page beyond CRUD, as the seeded menu tree names them (server/db/seed/menus.ts). */
export const DEPT_BUTTON_CODES = { import: "dept_import", sync: "dept_sync" } as const;

/** Most rows one import takes: a file of one department per row, well under the 1 MB body limit. */
export const DEPT_IMPORT_MAX_ROWS = 5000;

/** Largest template upload the console sends: every call but file uploads is bounded at 1 MB by the server. */
export const DEPT_IMPORT_MAX_MB = 1;
