import { useQuery } from "@tanstack/react-query";
import type { R } from "../../../../domain/contract";
import { http } from "../../../providers/http";
import { API, type ApiTail } from "../../../../domain/contract/api";

/** §7 Dashboard (GET /blade-system/dashboard/…). */
const BASE = API.base("/blade-system/dashboard");
/** The figures the server routes under BASE (`baseInfo`, `userAuthTrend` …). */
export type Figure = ApiTail<"GET", typeof BASE>;

export interface BaseInfo {
  userCount: number;
  deptCount: number;
  appCount: number;
  onlineCount: number;
  todayLoginCount: number;
  todayLoginFailCount: number;
  todayVisitCount: number;
}
export interface TrendPoint {
  date: string;
  success: number;
  fail: number;
}
export interface HourPoint {
  hour: string;
  count: number;
}
export interface AppCount {
  appId: string;
  appName: string;
  count: number;
}
export interface DeptCount {
  deptId: string;
  deptName: string;
  count: number;
}

/** One figure of the dashboard; a real BladeX may answer null or leave fields out, so callers default. */
export function useDashboard<T>(name: Figure, params?: Record<string, string>) {
  return useQuery({
    queryKey: ["dashboard", name, params ?? {}],
    queryFn: async () => (await http.get<R<T | null>>(API.get(`${BASE}/${name}`), { params })).data,
    retry: false,
  });
}
