import { resourceDescriptor } from "../../../components/resource/descriptor";
import { exportCode } from "../../../../domain/resources/logAudit/shared/fields";
import { VERIFY_CODE, operationLogSpec } from "../../../../domain/resources/logAudit/systemOperation/log-spec";

/** Log audit → Operation log (§2 /logAudit/systemOperation/index). */
export const operationLogResource = resourceDescriptor(operationLogSpec, () => import("./OperationLogList"), {
  permissions: { export: exportCode(operationLogSpec.menuCode), verify: VERIFY_CODE },
});
