/** The kit's battery for application directories (bladeApplicationDirectory). */
import { appDirectorySpec } from "../../../domain/resources/applicationManagement/resourceDirectory/spec";
import { describeConformance } from "../../test/conformance";

describeConformance({
  spec: appDirectorySpec,
  valid: (n) => ({ directoryName: `目录${n}`, directoryCode: `dir_${n}`, sort: n, description: "办公类应用" }),
  change: { field: "directoryName", value: "新名称" },
});
