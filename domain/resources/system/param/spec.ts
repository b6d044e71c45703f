import { defineResource, field } from "../../../validation";
import { CRUD } from "../../../menus/entry";

/** 参数管理 (/system/param, BladeX blade_param): platform-wide settings, some of which the server itself reads. */
export const paramSpec = defineResource({
  name: "param",
  menuCode: "param",
  menu: { icon: "ControlOutlined", buttons: CRUD },
  api: "/blade-system/param",
  path: "/system/param",
  title: { zh: "参数管理", en: "Parameters" },
  fields: {
    paramName: field.text({ zh: "参数名称", en: "Parameter name" }, 100, {
      required: true, requiredMessage: "paramName", format: "textarea", search: "like", sortable: true,
    }),
    paramKey: field.text({ zh: "参数键名", en: "Parameter key" }, 128, {
      required: true, requiredMessage: "paramKey", format: "code", search: "like", sortable: true,
    }),
    // Free text up to the column's size: values are URLs, numbers, flags, passwords.
    paramValue: field.text({ zh: "参数键值", en: "Parameter value" }, 255, { required: true, requiredMessage: "paramValue" }),
    remark: field.remark(),
  },
  unique: [{ field: "paramKey", message: { zh: "参数键名已存在", en: "Parameter key already exists" } }],
});
