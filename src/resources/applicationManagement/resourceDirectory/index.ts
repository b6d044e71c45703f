import { resourceDescriptor } from "../../../components/resource/descriptor";
import { DIRECTORY_IMPORT_CODE, DIRECTORY_STATUS_CODE, appDirectorySpec } from "../../../../domain/resources/applicationManagement/resourceDirectory/spec";

/** Applications → 资源目录 (/applicationManagement/resourceDirectory/index): the tenant's directory tree, answered whole by list. */
export const resourceDirectoryResource = resourceDescriptor(appDirectorySpec, () => import("./DirectoryList"), {
  listMode: "list",
  endpoints: { detail: "details", create: "insert", update: "update" },
  permissions: { status: DIRECTORY_STATUS_CODE, import: DIRECTORY_IMPORT_CODE },
});
