import { http } from "../../../providers/http";
import { API } from "../../../../domain/contract/api";

/** Where a user's application comes from (server/modules/resource-center/access.ts Source). */
export interface Source {
  type: "role" | "directory" | "group" | "request" | "admin";
  name: string;
  via?: string;
  requestId?: string;
  endTime?: string;
}

/** An application the user may use, as myApplication/list answers it. */
export interface AppCardData {
  id: string;
  appName: string;
  appUrl: string;
  icon: string;
  description: string;
  categoryName: string;
  common: boolean;
  sources: Source[];
}

export interface RequestRow {
  id: string;
  userId: string;
  userName: string;
  account: string;
  appId: string;
  appName: string;
  directoryName: string;
  reason: string;
  durationDays: number;
  flowName: string;
  flow: string;
  step: number;
  state: number;
  comment: string;
  firstComment: string;
  approverName: string;
  createTime: string;
  decideTime: string;
  endTime: string;
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
}

/** Records the visit (refused for an application the user may not use), then opens it in a new window. */
export async function openApp(app: { id: string; appUrl: string }): Promise<void> {
  await http.get(API.get("/authentication/app/visit"), { params: { id: app.id } });
  window.open(app.appUrl, "_blank", "noopener");
}

/** Pins (common 1) or unpins (0) an application: a form-encoded POST (§7). */
export const setCommon = (appId: string, common: boolean) =>
  http.post(API.post("/authentication/common-application/set"), { appId, common: common ? "1" : "0" }, { meta: { isSerialize: true } });

export const submitRequest = (body: { appId: string; directoryId?: string; reason: string; durationDays: number }) =>
  http.post(API.post("/authentication/resourceApplication/submit"), body);

export const withdrawRequest = (id: string) => http.post(API.post("/authentication/resourceApplication/withdraw"), { id });

export const decide = (action: "approve" | "reject", id: string, comment: string) =>
  http.post(action === "approve" ? API.post("/authentication/approvalManagement/approve") : API.post("/authentication/approvalManagement/reject"), { id, comment });

export const approveMany = (ids: string[], comment: string) => http.post(API.post("/authentication/approvalManagement/batchApprove"), { ids, comment });

/** The §5 durations: 7, 30, 90 days or permanent (0). */
export const DURATIONS = [7, 30, 90, 0];
export const STATE_COLORS: Record<number, string> = { 0: "processing", 1: "success", 2: "error", 3: "default", 4: "warning" };
