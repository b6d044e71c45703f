import type { ApiModule } from "../../kit/module";

/** What this folder mounts under /api; server/modules/index.ts gathers every folder's list. */
export const modules: ApiModule[] = [];
