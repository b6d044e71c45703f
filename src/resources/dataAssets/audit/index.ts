import { sampleDescriptor } from "../shared/descriptor";
import { API } from "../../../../domain/contract/api";

/** Data audit (/dataAudit/index): the mock table of §9 (getTable: total 11, page size 10). */
export const dataAuditResource = sampleDescriptor({
  name: "dataAuditIndex",
  path: "/dataAudit/index",
  menuCode: "dataAuditIndex",
  title: { zh: "审计概览", en: "Audit overview" },
  api: API.base("/blade-sample"),
  page: () => import("./AuditPage"),
});
