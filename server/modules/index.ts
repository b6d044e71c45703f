import type { ApiModule } from "../kit/module";
import { appCategoryModule } from "./app/category";
import { appRoleModule } from "./app/app-role";
import { appModule } from "./app/routes";
import { appVisitRoutes } from "./app-visit/routes";
import { authRoutes } from "./auth/routes";
import { deptRoutes } from "./dept/routes";
import { dictBizModule, dictModule } from "./dict/routes";
import { logRoutes } from "./log/routes";
import { mailModule } from "./mail/routes";
import { menuRoutes } from "./menu/routes";
import { topMenuModule } from "./menu/topmenu";
import { paramModule } from "./param/routes";
import { passwordPolicyModule } from "./password-policy/routes";
import { postModule } from "./post/routes";
import { resourceRoutes } from "./resource/routes";
import { roleCategoryModule } from "./role/category";
import { roleGroupModule } from "./role/group-routes";
import { ideModule } from "./sample/scripts";
import { sampleModule } from "./sample/routes";
import { rolePolicyModule } from "./role/policy";
import { roleRoutes } from "./role/routes";
import { appSessionModule, userSessionModule } from "./session/routes";
import { dashboardModule } from "./dashboard/routes";
import { workbenchModule } from "./workbench/routes";
import { apiScopeModule, dataScopeModule } from "./scope/routes";
import { smsModule } from "./sms/routes";
import { systemRoutes } from "./system/routes";
import { tenantPackageModule } from "./tenant/package";
import { tenantRoutes } from "./tenant/routes";
import { thirdLoginModule, thirdLoginSysConfigModule } from "./third-login/routes";
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
  roleGroupModule,
  rolePolicyModule,
  { base: "/blade-system/tenant", routes: tenantRoutes },
  tenantPackageModule,
  passwordPolicyModule,
  postModule,
  dictModule,
  dictBizModule,
  paramModule,
  { base: "/blade-user", routes: userRoutes },
  userSessionModule,
  appSessionModule,
  dashboardModule,
  workbenchModule,
  { base: "/blade-resource/oss/endpoint", routes: resourceRoutes },
  { base: "/blade-log", routes: logRoutes },
  { base: "/authentication/app", routes: appVisitRoutes },
  appModule,
  appCategoryModule,
  appRoleModule,
  mailModule,
  smsModule,
  thirdLoginModule,
  thirdLoginSysConfigModule,
  sampleModule,
  ideModule,
];
