import type { ApiModule } from "../../kit/module";
import { deptSpec } from "../../../domain/resources/system/dept/spec";
import { deptRoutes } from "./routes";

/** What this folder mounts under /api; server/modules/index.ts gathers every folder's list. */
export const modules: ApiModule[] = [
  { base: deptSpec.api, routes: deptRoutes },
];
