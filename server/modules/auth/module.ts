import type { ApiModule } from "../../kit/module";
import { oidcLogoutRoutes } from "./oidc-logout";
import { authRoutes } from "./routes";

/** What this folder mounts under /api; server/modules/index.ts gathers every folder's list. */
export const modules: ApiModule[] = [
  { base: "/blade-auth", routes: authRoutes },
  { base: "/authentication/openid-connect", routes: oidcLogoutRoutes },
];
