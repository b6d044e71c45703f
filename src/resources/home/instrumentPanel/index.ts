import { lazyRoute } from "../../../components/lazy-route";
import type { ResourceDescriptor } from "../../types";
import { API } from "../../../../domain/contract/api";

/**
 * 仪表盘 (§2 /instrumentPanel/index). The page is its own chunk and its charts another one inside
 * it, so @ant-design/charts (AntV G2) is fetched only when the dashboard is opened.
 */
export const dashboardResource: ResourceDescriptor = {
  name: "dashboard",
  path: "/instrumentPanel/index",
  labelKey: "menuName.instrumentPanel",
  list: lazyRoute(() => import("./DashboardPage")),
  meta: { api: API.base("/blade-system/dashboard"), permissions: { list: "instrumentPanel" } },
};
