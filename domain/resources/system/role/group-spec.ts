import { defineResource, field } from "../../../validation";

/**
 * 角色组 (blade_role_group): a named set of applications a role's users may use, bound per
 * application to that application's roles (its 'permission groups'). Managed from the role list
 * with the role page's role_group buttons; the server (server/modules/role/group*.ts) and the
 * drawer's form both read this one description.
 */
export const roleGroupSpec = defineResource({
  name: "roleGroup",
  menuCode: "role_group",
  api: "/blade-system/roleGroup",
  path: "/system/role",
  title: { zh: "角色组", en: "Role group" },
  fields: {
    // The role a group belongs to: set on create by the drawer, never moved to another role.
    roleId: field.id({ zh: "所属角色", en: "Role" }, { required: true, immutable: true, column: false }),
    groupName: field.text({ zh: "角色组名称", en: "Group name" }, 64, { required: true, format: "input" }),
    sort: field.int({ zh: "排序", en: "Sort" }, { maxValue: 99999, defaultValue: 1 }),
    remark: field.text({ zh: "备注", en: "Remark" }, 255, { format: "textarea", control: "textarea", column: false }),
  },
});

/** The message of a second group of the same name under one role. */
export const GROUP_NAME_TAKEN = { zh: "该角色下已存在同名角色组", en: "This role already has a group of that name" };
