import { resourceDescriptor } from "../../../components/resource/descriptor";
import { APP_STATUS_CODE, appSpec } from "../../../../domain/resources/applicationManagement/applicationList/spec";

/** Applications → 应用列表 (/applicationManagement/applicationList/index), on the §7 names of /authentication/app. */
export const applicationListResource = resourceDescriptor(appSpec, () => import("./ApplicationList"), {
  listMode: "page",
  endpoints: { list: "page", detail: "details", create: "insert", update: "update", remove: "delete" },
  // The page binds a plain categoryId: that category and every category below it.
  bareFilters: ["categoryId"],
  permissions: { status: APP_STATUS_CODE },
});
