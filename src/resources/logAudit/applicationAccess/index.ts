import { resourceDescriptor } from "../../../components/resource/descriptor";
import { exportCode } from "../../../../domain/resources/logAudit/shared/fields";
import { appVisitLogSpec } from "../../../../domain/resources/logAudit/applicationAccess/log-spec";

/** Log audit → Application access log (§2 /logAudit/applicationAccess/index). */
export const appVisitLogResource = resourceDescriptor(appVisitLogSpec, () => import("./AppVisitList"), {
  permissions: { export: exportCode(appVisitLogSpec.menuCode) },
});
