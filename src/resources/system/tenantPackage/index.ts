import { resourceDescriptor } from "../../../components/resource/descriptor";
import { tenantPackageSpec } from "../../../../domain/resources/system/tenantPackage/spec";

/** System → Tenant packages (/system/tenantPackage): the platform administrator's alone. */
export const tenantPackageResource = resourceDescriptor(tenantPackageSpec, () => import("./PackageList"), {
  // BladeX answers the page at tenant-package/list.
  endpoints: { list: "list" },
});
