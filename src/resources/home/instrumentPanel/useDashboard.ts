import { useQuery } from "@tanstack/react-query";
import type { R } from "../../../../domain/contract";
import { http } from "../../../providers/http";

/** §7 Dashboard (GET /blade-system/dashboard/…). */
const BASE = "/blade-system/dashboard";

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
export function useDashboard<T>(name: string, params?: Record<string, string>) {
  return useQuery({
    queryKey: ["dashboard", name, params ?? {}],
    queryFn: async () => (await http.get<R<T | null>>(`${BASE}/${name}`, { params })).data,
    retry: false,
  });
}
