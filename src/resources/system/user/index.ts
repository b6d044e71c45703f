import { resourceDescriptor } from "../../../components/resource/descriptor";
import { USER_BUTTON_CODES, userSpec } from "../../../../domain/resources/system/user/spec";

/** System → Users (§2 /system/user): BladeX's /blade-user API. */
export const userResource = resourceDescriptor(userSpec, () => import("./UserList"), {
  listMode: "page",
  // Users are created through submit and edited through update (CONTRACT.md).
  endpoints: { create: "submit", update: "update" },
  // /blade-user/page binds a plain deptId and matches that department and all below it.
  bareFilters: ["deptId"],
  // The page's actions beyond CRUD, each gated by its button code (<CanAccess action=…>).
  permissions: { ...USER_BUTTON_CODES },
});
