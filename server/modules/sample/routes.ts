import type { AppContext } from "../../context";
import { pathParam, readQuery } from "../../http/body";
import { badRequest, ok } from "../../http/errors";
import type { ApiModule } from "../../kit/module";
import { AUTHENTICATED, canAny, defineRoutes } from "../../security/authorize";
import { approvalDecisionRoutes, withDecisions } from "./approvals";
import { areaCodesShowing } from "../../../domain/resources/dataAssets/sample/areas";
import { SAMPLE_MAIL_CONFIG, SAMPLE_PROJECTS, SAMPLE_SIGN_IN, sampleCatalogTree } from "../../../domain/resources/dataAssets/sample/data";
import {
  approvalPage,
  catalogColumns,
  fromSimpleRest,
  lazyMenuList,
  menuForest,
  projectPage,
  tablePage,
  viewRecordPage,
} from "../../../domain/resources/dataAssets/sample/query";

/*
 * /blade-sample: the sample data of §1 for the data-asset and data-governance pages when the mock
 * flag is off. The browser's MSW worker (mocks/sample-handlers.ts) answers the same paths from the
 * same files when it is on. Read-only, the same for every tenant, and no secret in it.
 */

// Each sample list may be read by the pages that show it: the data-asset menus, and the sample
// top-level menus that areas.ts lists it under.
const PROJECTS = canAny("assetOverview", "assetCollect", "dataAuthPolicy", "dataAuthApply", ...areaCodesShowing("projects"));
const APPROVALS = canAny("dataAuthApprove", ...areaCodesShowing("approvals"));
const VIEW_RECORDS = canAny("dataAuthApply", "dataAuditIndex", ...areaCodesShowing("viewRecords"));
const MENUS = canAny("assetOverview", ...areaCodesShowing("menus"));
const CATALOG = canAny("assetCatalog", "ide");

export const MSG_SAMPLE_MISSING = "样例数据不存在";

function sampleRoutes(ctx: AppContext) {
  return defineRoutes(ctx, [
    { method: "GET", path: "/menu", access: MENUS, handler: (c) => ok(c, menuForest()) },
    {
      method: "GET",
      path: "/menu/lazy-list",
      access: MENUS,
      handler: (c) => ok(c, lazyMenuList(readQuery(c).parentId)),
    },
    { method: "GET", path: "/project/page", access: PROJECTS, handler: (c) => ok(c, projectPage(readQuery(c))) },
    {
      method: "GET",
      path: "/project/detail",
      access: PROJECTS,
      handler: (c) => {
        const found = SAMPLE_PROJECTS.find((p) => p.id === readQuery(c).id);
        if (!found) throw badRequest(MSG_SAMPLE_MISSING);
        return ok(c, found);
      },
    },
    // The same projects in @refinedev/simple-rest's dialect (_start, _end, <field>_like), for the
    // console's second, named data provider.
    { method: "GET", path: "/rest/projects", access: PROJECTS, handler: (c) => ok(c, projectPage(fromSimpleRest(readQuery(c)))) },
    {
      method: "GET",
      path: "/rest/projects/:id",
      access: PROJECTS,
      handler: (c) => {
        const found = SAMPLE_PROJECTS.find((p) => p.id === pathParam(c, "id"));
        if (!found) throw badRequest(MSG_SAMPLE_MISSING);
        return ok(c, found);
      },
    },
    {
      method: "GET",
      path: "/approval/page",
      access: APPROVALS,
      handler: async (c) => {
        const page = approvalPage(readQuery(c));
        return ok(c, { ...page, records: await withDecisions(c, page.records) });
      },
    },
    ...approvalDecisionRoutes(),
    {
      method: "GET",
      path: "/view-record/list",
      access: VIEW_RECORDS,
      handler: (c) => ok(c, viewRecordPage(readQuery(c))),
    },
    { method: "GET", path: "/table", access: canAny("dataAuditIndex", "assetCatalog"), handler: (c) => ok(c, tablePage(readQuery(c))) },
    { method: "GET", path: "/catalog/tree", access: CATALOG, handler: (c) => ok(c, sampleCatalogTree()) },
    { method: "GET", path: "/catalog/columns", access: CATALOG, handler: (c) => ok(c, catalogColumns()) },
    { method: "GET", path: "/mail-config", access: canAny("assetOverview"), handler: (c) => ok(c, SAMPLE_MAIL_CONFIG) },
    // §7's mock sign-in calls: sample shapes only — no token is issued here, real sign-in is /blade-auth.
    { method: "POST", path: "/user/login", access: AUTHENTICATED, handler: (c) => ok(c, SAMPLE_SIGN_IN) },
    { method: "POST", path: "/user/logout", access: AUTHENTICATED, handler: (c) => ok(c, true) },
    { method: "POST", path: "/user/refresh", access: AUTHENTICATED, handler: (c) => ok(c, SAMPLE_SIGN_IN) },
  ]);
}

export const sampleModule: ApiModule = { base: "/blade-sample", routes: sampleRoutes };
