import type { ApiModule } from "../../kit/module";
import { commonUploadRoutes, resourceRoutes } from "./routes";

/** What this folder mounts under /api; server/modules/index.ts gathers every folder's list. */
export const modules: ApiModule[] = [
  { base: "/blade-resource/oss/endpoint", routes: resourceRoutes },
  { base: "/blade-resource/common", routes: commonUploadRoutes },
];
