import { http, HttpResponse, type HttpHandler } from "msw";
import type { R } from "../domain/contract";
import { SAMPLE_MAIL_CONFIG, SAMPLE_PROJECTS, SAMPLE_SIGN_IN, sampleCatalogTree } from "../domain/resources/dataAssets/sample/data";
import {
  approvalPage,
  catalogColumns,
  fromSimpleRest,
  lazyMenuList,
  menuForest,
  projectPage,
  tablePage,
  viewRecordPage,
  type Query,
} from "../domain/resources/dataAssets/sample/query";

/*
 * The sample endpoints of §7, served in the browser by MSW when the mock flag is on (VITE_MOCK).
 * Same paths and the same answers as the reference server's sample module
 * (server/modules/sample/routes.ts): both read src/resources/dataAssets/sample.
 */

const ok = <T>(data: T) => HttpResponse.json({ code: 200, success: true, data, msg: "操作成功" } satisfies R<T>);
const fail = (msg: string) => HttpResponse.json({ code: 400, success: false, data: null, msg } satisfies R<null>, { status: 400 });
const query = (request: Request): Query => Object.fromEntries(new URL(request.url).searchParams);

export const MSG_SAMPLE_MISSING = "样例数据不存在";

export const sampleHandlers: HttpHandler[] = [
  http.get("*/blade-sample/menu", () => ok(menuForest())),
  http.get("*/blade-sample/menu/lazy-list", ({ request }) => ok(lazyMenuList(query(request).parentId))),
  http.get("*/blade-sample/project/page", ({ request }) => ok(projectPage(query(request)))),
  http.get("*/blade-sample/project/detail", ({ request }) => {
    const found = SAMPLE_PROJECTS.find((p) => p.id === query(request).id);
    return found ? ok(found) : fail(MSG_SAMPLE_MISSING);
  }),
  http.get("*/blade-sample/rest/projects", ({ request }) => ok(projectPage(fromSimpleRest(query(request))))),
  http.get("*/blade-sample/rest/projects/:id", ({ params }) => {
    const found = SAMPLE_PROJECTS.find((p) => p.id === params.id);
    return found ? ok(found) : fail(MSG_SAMPLE_MISSING);
  }),
  http.get("*/blade-sample/approval/page", ({ request }) => ok(approvalPage(query(request)))),
  http.get("*/blade-sample/view-record/list", ({ request }) => ok(viewRecordPage(query(request)))),
  http.get("*/blade-sample/table", ({ request }) => ok(tablePage(query(request)))),
  http.get("*/blade-sample/catalog/tree", () => ok(sampleCatalogTree())),
  http.get("*/blade-sample/catalog/columns", () => ok(catalogColumns())),
  http.get("*/blade-sample/mail-config", () => ok(SAMPLE_MAIL_CONFIG)),
  http.post("*/blade-sample/user/login", () => ok(SAMPLE_SIGN_IN)),
  http.post("*/blade-sample/user/logout", () => ok(true)),
  http.post("*/blade-sample/user/refresh", () => ok(SAMPLE_SIGN_IN)),
];
