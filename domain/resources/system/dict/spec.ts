import { defineResource } from "../../../validation";
import { dictFields } from "../../../validation/dict-fields";
import { CRUD } from "../../../menus/entry";

/** 系统字典 (/system/dict, BladeX blade_dict): platform-wide, written by the platform administrator only. */
export const dictSpec = defineResource({
  name: "dict",
  menuCode: "dict",
  menu: { icon: "BookOutlined", buttons: CRUD },
  api: "/blade-system/dict",
  path: "/system/dict",
  title: { zh: "系统字典", en: "System dictionary" },
  audit: false,
  fields: dictFields(),
});
