import { resourceDescriptor } from "../../../components/resource/descriptor";
import { roleSpec } from "../../../../domain/resources/system/role/spec";

/** System → Roles (§2 /system/role): a tree of roles, their categories, grants and users. */
export const roleResource = resourceDescriptor(roleSpec, () => import("./RoleList"), {
  // role/list answers the whole forest (BladeX), not a page.
  listMode: "list",
  // The category filter is the role list's own parameter (that category and those below it).
  bareFilters: ["categoryId"],
  permissions: { grant: "role_grant" },
});
