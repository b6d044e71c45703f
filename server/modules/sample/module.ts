import type { ApiModule } from "../../kit/module";
import { sampleModule } from "./routes";
import { ideModule } from "./scripts";

/** What this folder mounts under /api; server/modules/index.ts gathers every folder's list. */
export const modules: ApiModule[] = [
  sampleModule,
  ideModule,
];
