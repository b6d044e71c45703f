import type { ApiModule } from "../../kit/module";
import { datasourceModule } from "./routes";

/** What this folder mounts under /api; server/modules/index.ts gathers every folder's list. */
export const modules: ApiModule[] = [datasourceModule];
