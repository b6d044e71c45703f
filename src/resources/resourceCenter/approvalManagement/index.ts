import { lazyRoute } from "../../../components/lazy-route";
import type { ResourceDescriptor } from "../../types";
import { API } from "../../../../domain/contract/api";

/** 审批管理 (§2 /resourceCenter/approvalManagement/index): decide resource requests. */
export const approvalManagementResource: ResourceDescriptor = {
  name: "approvalManagement",
  path: "/resourceCenter/approvalManagement/index",
  labelKey: "menuName.approvalManagement",
  list: lazyRoute(() => import("./ApprovalPage")),
  meta: { api: API.base("/authentication/approvalManagement"), permissions: { list: "approvalManagement", approve: "approvalManagement_approve", reject: "approvalManagement_reject" } },
};
