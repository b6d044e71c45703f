import { resourceDescriptor } from "../../../components/resource/descriptor";
import { APP_ROLE_USER_CODE, appRoleSpec } from "../../../../domain/resources/applicationManagement/rolesManagement/spec";

/** Applications → 应用角色 (/applicationManagement/rolesManagement/index), on the §7 names of bladeApplicationRole. */
export const rolesManagementResource = resourceDescriptor(appRoleSpec, () => import("./RolesList"), {
  listMode: "page",
  endpoints: { list: "page", detail: "details", create: "insert", update: "update", remove: "delete" },
  // The application select filters with a plain appId (an equality on the server).
  bareFilters: ["appId"],
  permissions: { addUser: APP_ROLE_USER_CODE },
});
