import type { ApiModule } from "../../kit/module";
import { menuSpec } from "../../../domain/resources/system/menu/spec";
import { menuRoutes } from "./routes";
import { topMenuModule } from "./topmenu";

/** What this folder mounts under /api; server/modules/index.ts gathers every folder's list. */
export const modules: ApiModule[] = [
  { base: menuSpec.api, routes: menuRoutes },
  topMenuModule,
];
