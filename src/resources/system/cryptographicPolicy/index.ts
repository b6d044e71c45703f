import { lazyRoute } from "../../../components/lazy-route";
import type { ResourceDescriptor } from "../../types";
import { POLICY_API, POLICY_CODES } from "./codes";

/** 密码策略 (§2 /system/cryptographicPolicy/index): one form, the tenant's password policy. */
export const cryptographicPolicyResource: ResourceDescriptor = {
  name: "cryptographicPolicy",
  path: "/system/cryptographicPolicy/index",
  labelKey: "menuName.cryptographicPolicy",
  list: lazyRoute(() => import("./PolicyPage")),
  meta: { api: POLICY_API, permissions: { ...POLICY_CODES } },
};
