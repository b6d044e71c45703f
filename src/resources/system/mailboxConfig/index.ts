import { lazyRoute } from "../../../components/lazy-route";
import type { ResourceDescriptor } from "../../types";
import { MAIL_API, MAIL_CODES, MAIL_MENU_CODE } from "../../../../domain/resources/system/mailboxConfig/spec";

/** System → 邮箱配置 (/system/mailboxConfig): one form, not a list. */
export const mailboxConfigResource: ResourceDescriptor = {
  name: MAIL_MENU_CODE,
  path: "/system/mailboxConfig",
  labelKey: "menuName.mailboxConfig",
  list: lazyRoute(() => import("./MailConfigPage")),
  meta: { api: MAIL_API, permissions: { list: MAIL_CODES.view, show: `${MAIL_MENU_CODE}_view`, edit: MAIL_CODES.edit } },
};
