import { resourceDescriptor } from "../../../components/resource/descriptor";
import { exportCode } from "../../../../domain/resources/logAudit/shared/fields";
import { loginLogSpec } from "../../../../domain/resources/logAudit/systemLogin/log-spec";

/** Log audit → Sign-in log (§2 /logAudit/systemLogin/index). */
export const loginLogResource = resourceDescriptor(loginLogSpec, () => import("./LoginLogList"), {
  permissions: { export: exportCode(loginLogSpec.menuCode) },
});
