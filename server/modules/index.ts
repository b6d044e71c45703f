import type { ApiModule } from "../kit/module";
import { authRoutes } from "./auth/routes";
import { deptRoutes } from "./dept/routes";
import { dictBizModule, dictModule } from "./dict/routes";
import { logRoutes } from "./log/routes";
import { menuRoutes } from "./menu/routes";
import { topMenuModule } from "./menu/topmenu";
import { paramModule } from "./param/routes";
import { postModule } from "./post/routes";
import { resourceRoutes } from "./resource/routes";
import { roleCategoryModule } from "./role/category";
import { rolePolicyModule } from "./role/policy";
import { roleRoutes } from "./role/routes";
import { apiScopeModule, dataScopeModule } from "./scope/routes";
import { systemRoutes } from "./system/routes";
import { tenantRoutes } from "./tenant/routes";
import { userRoutes } from "./user/routes";

/** Every backend module, mounted under /api in this order by server/app.ts. */
export const modules: ApiModule[] = [
  { base: "/", routes: systemRoutes },
  { base: "/blade-auth", routes: authRoutes },
  { base: "/blade-system/menu", routes: menuRoutes },
  topMenuModule,
  dataScopeModule,
  apiScopeModule,
  { base: "/blade-system/dept", routes: deptRoutes },
  { base: "/blade-system/role", routes: roleRoutes },
  roleCategoryModule,
  rolePolicyModule,
  { base: "/blade-system/tenant", routes: tenantRoutes },
  postModule,
  dictModule,
  dictBizModule,
  paramModule,
  { base: "/blade-user", routes: userRoutes },
  { base: "/blade-resource/oss/endpoint", routes: resourceRoutes },
  { base: "/blade-log", routes: logRoutes },
];
