import { defineResource } from "../../../validation";
import { dictFields } from "../../../validation/dict-fields";

/** 业务字典 (/system/dictbiz, BladeX blade_dict_biz): the same entity as the system dictionary, per tenant. */
export const dictBizSpec = defineResource({
  name: "dictbiz",
  menuCode: "dictbiz",
  api: "/blade-system/dict-biz",
  path: "/system/dictbiz",
  title: { zh: "业务字典", en: "Business dictionaries" },
  audit: false,
  fields: dictFields(),
});
