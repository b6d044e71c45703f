import type { ApiModule } from "../../kit/module";
import { tenantSpec } from "../../../domain/resources/system/tenant/spec";
import { tenantPackageModule } from "./package";
import { tenantRoutes } from "./routes";

/** What this folder mounts under /api; server/modules/index.ts gathers every folder's list. */
export const modules: ApiModule[] = [
  { base: tenantSpec.api, routes: tenantRoutes },
  tenantPackageModule,
];
