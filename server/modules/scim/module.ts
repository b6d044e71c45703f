import type { ApiModule } from "../../kit/module";
import { scimModule } from "./routes";
import { scimTokenModule } from "./tokens";

/** What this folder mounts under /api; server/modules/index.ts gathers every folder's list. */
export const modules: ApiModule[] = [scimTokenModule, scimModule];
