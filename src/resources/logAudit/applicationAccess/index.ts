import { resourceDescriptor } from "../../../components/resource/descriptor";
import { exportCode } from "../shared/fields";
import { appVisitLogSpec } from "./log-spec";

/** Log audit → Application access log (§2 /logAudit/applicationAccess/index). */
export const appVisitLogResource = resourceDescriptor(appVisitLogSpec, () => import("./AppVisitList"), {
  permissions: { export: exportCode(appVisitLogSpec.menuCode) },
});
