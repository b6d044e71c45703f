import { API } from "../../../../domain/contract/api";
/** The codes of 密码策略 (server/db/seed/menus.ts): the menu reads, its edit button saves. */
export const POLICY_CODES = { list: "cryptographicPolicy", edit: "cryptographicPolicy_edit", show: "cryptographicPolicy_view" } as const;

export const POLICY_API = API.base("/blade-system/sysConfig");
