import { sampleDescriptor } from "../shared/descriptor";

/** Data authorisation → approval (/dataAuth/approve): the sample approval items (§3). */
export const dataAuthApproveResource = sampleDescriptor({
  name: "dataAuthApprove",
  path: "/dataAuth/approve",
  menuCode: "dataAuthApprove",
  title: { zh: "授权审批", en: "Authorisation approval" },
  api: "/blade-sample/approval",
  page: () => import("./ApprovePage"),
});
