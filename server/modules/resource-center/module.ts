import type { ApiModule } from "../../kit/module";
import { approvalRoutes } from "./approvals";
import { appVisitRoutes, commonApplicationRoutes, myApplicationRoutes, myResourcesRoutes } from "./my-apps";
import { resourceNoticeRoutes } from "./notices";
import { registrationRoutes } from "./registrations";
import { flowRoutes, resourceApplicationRoutes } from "./requests";
import { withTestHooks } from "./test-hooks";

/**
 * What this folder mounts under /api; server/modules/index.ts gathers every folder's list. The
 * visit of an application lives here too: it is refused by the same rule (access.ts) that lists
 * the applications a user may use.
 */
export const modules: ApiModule[] = [
  { base: "/authentication/myApplication", routes: myApplicationRoutes },
  { base: "/authentication/common-application", routes: commonApplicationRoutes },
  { base: "/authentication/app", routes: appVisitRoutes },
  { base: "/myResources", routes: myResourcesRoutes },
  { base: "/authentication/resourceApplication", routes: resourceApplicationRoutes },
  // With BLADE_TEST_HOOKS=1 (the e2e server) it also ends a grant now: test-hooks.ts.
  { base: "/authentication/approvalManagement", routes: (ctx) => withTestHooks(ctx, approvalRoutes(ctx)) },
  // 注册审批: the self-registrations of §4 awaiting an administrator (registrations.ts).
  { base: "/authentication/approvalManagement", routes: registrationRoutes },
  { base: "/blade-system/flow", routes: flowRoutes },
  // The notice bell's items for the signed-in user (notices.ts).
  { base: "/authentication/resourceNotice", routes: resourceNoticeRoutes },
];
