import { sampleDescriptor } from "../shared/descriptor";
import { API } from "../../../../domain/contract/api";

/** Data authorisation → policies (/dataAuth/policy): the sample projects, through the simple-rest provider. */
export const dataAuthPolicyResource = sampleDescriptor({
  name: "dataAuthPolicy",
  path: "/dataAuth/policy",
  menuCode: "dataAuthPolicy",
  title: { zh: "授权策略", en: "Authorisation policies" },
  api: API.base("/blade-sample/project"),
  page: () => import("./PolicyPage"),
});
