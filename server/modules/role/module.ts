import type { ApiModule } from "../../kit/module";
import { roleCategoryModule } from "./category";
import { roleGroupModule } from "./group-routes";
import { rolePolicyModule } from "./policy";
import { roleModule } from "./routes";

/** What this folder mounts under /api; server/modules/index.ts gathers every folder's list. */
export const modules: ApiModule[] = [
  roleModule,
  roleCategoryModule,
  roleGroupModule,
  rolePolicyModule,
];
