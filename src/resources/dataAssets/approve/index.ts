import { sampleDescriptor } from "../shared/descriptor";
import { API } from "../../../../domain/contract/api";

/** Data authorisation → approval (/dataAuth/approve): the sample approval items (§3). */
export const dataAuthApproveResource = sampleDescriptor({
  name: "dataAuthApprove",
  path: "/dataAuth/approve",
  menuCode: "dataAuthApprove",
  title: { zh: "授权审批", en: "Authorisation approval" },
  api: API.base("/blade-sample/approval"),
  page: () => import("./ApprovePage"),
});
