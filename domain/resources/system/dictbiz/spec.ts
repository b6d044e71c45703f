import { defineResource } from "../../../validation";
import { dictFields } from "../../../validation/dict-fields";
import { CRUD } from "../../../menus/entry";

/** 业务字典 (/system/dictbiz, BladeX blade_dict_biz): the same entity as the system dictionary, per tenant. */
export const dictBizSpec = defineResource({
  name: "dictbiz",
  menuCode: "dictbiz",
  menu: { icon: "ReadOutlined", buttons: CRUD },
  api: "/blade-system/dict-biz",
  path: "/system/dictbiz",
  title: { zh: "业务字典", en: "Business dictionary" },
  audit: false,
  fields: dictFields(),
});
