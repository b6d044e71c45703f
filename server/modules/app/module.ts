import type { ApiModule } from "../../kit/module";
import { appRoleModule } from "./app-role";
import { appCategoryModule } from "./category";
import { appModule } from "./routes";

/** What this folder mounts under /api; server/modules/index.ts gathers every folder's list. */
export const modules: ApiModule[] = [
  appModule,
  appCategoryModule,
  appRoleModule,
];
