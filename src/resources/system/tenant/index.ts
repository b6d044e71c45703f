import { resourceDescriptor } from "../../../components/resource/descriptor";
import { TENANT_BUTTON_CODES } from "./codes";
import { tenantSpec } from "../../../../domain/resources/system/tenant/spec";

/** System → Tenants (/system/tenant): the platform administrator's alone. */
export const tenantResource = resourceDescriptor(tenantSpec, () => import("./TenantList"), {
  // BladeX answers the page at tenant/list.
  endpoints: { list: "list" },
  permissions: { ...TENANT_BUTTON_CODES },
});
