import { lazyRoute } from "../../../components/lazy-route";
import type { ResourceDescriptor } from "../../types";
import { SMS_API, SMS_CODES, SMS_MENU_CODE } from "../../../../domain/resources/system/shortMessageService/spec";

/** System → 短信配置 (/system/shortMessageService/index): the verification code's provider, one form. */
export const shortMessageServiceResource: ResourceDescriptor = {
  name: SMS_MENU_CODE,
  path: "/system/shortMessageService/index",
  labelKey: "menuName.shortMessageService",
  list: lazyRoute(() => import("./SmsConfigPage")),
  meta: { api: SMS_API, permissions: { list: SMS_CODES.view, create: SMS_CODES.create, edit: SMS_CODES.edit, show: `${SMS_MENU_CODE}_view` } },
};
