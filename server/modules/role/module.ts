import type { ApiModule } from "../../kit/module";
import { roleSpec } from "../../../domain/resources/system/role/spec";
import { roleCategoryModule } from "./category";
import { roleGroupModule } from "./group-routes";
import { rolePolicyModule } from "./policy";
import { roleRoutes } from "./routes";

/** What this folder mounts under /api; server/modules/index.ts gathers every folder's list. */
export const modules: ApiModule[] = [
  { base: roleSpec.api, routes: roleRoutes },
  roleCategoryModule,
  roleGroupModule,
  rolePolicyModule,
];
