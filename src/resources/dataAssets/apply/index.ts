import { sampleDescriptor } from "../shared/descriptor";
import { API } from "../../../../domain/contract/api";

/** Data authorisation → applications (/dataAuth/apply): the sample view records (§7 viewRecord list). */
export const dataAuthApplyResource = sampleDescriptor({
  name: "dataAuthApply",
  path: "/dataAuth/apply",
  menuCode: "dataAuthApply",
  title: { zh: "授权申请", en: "Authorisation requests" },
  api: API.base("/blade-sample/view-record"),
  page: () => import("./ApplyPage"),
});
