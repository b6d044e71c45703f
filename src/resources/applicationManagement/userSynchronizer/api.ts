import type { R } from "../../../../domain/contract";
import { API } from "../../../../domain/contract/api";
import type { TaskAction } from "../../../../domain/resources/applicationManagement/taskResult/spec";
import { http } from "../../../providers/http";

/** What preview answers (server/modules/user-sync): the complete counts and at most 1,000 items. */
export interface PreviewItem {
  objectType: "user" | "dept";
  externalId: string;
  label: string;
  action: TaskAction;
  changes?: Record<string, [unknown, unknown]>;
  reason?: string;
}
export interface Preview {
  summary: Record<TaskAction, number>;
  items: PreviewItem[];
  total: number;
  truncated: boolean;
}

/** A task result row (one run); taskStatus 0 运行中, 1 成功, 2 部分成功, 3 失败. */
export interface TaskRow {
  id: string;
  synchronizerId: string;
  synchronizerName: string;
  trigger: string;
  taskStatus: number;
  startTime: string;
  endTime?: string | null;
  created: number;
  updated: number;
  disabled: number;
  deleted: number;
  skipped: number;
  failed: number;
  message?: string;
}

export interface ScimTokenRow {
  id: string;
  name: string;
  prefix: string;
  createTime: string;
  lastUsedTime?: string | null;
}

/** Every call of the page that is not the kit's CRUD; errors are shown by the request layer and rethrown. */
export const syncCalls = {
  // Silent: the dialog shows why a preview failed (an unreachable source) where the operator looks.
  preview: async (id: string) => (await http.post<R<Preview>>(API.post("/authentication/userSynchronizers/preview"), { id }, { silent: true })).data,
  // The run goes on in the background: the answer is its task row, still running.
  start: async (id: string) => (await http.get<R<TaskRow>>(API.get("/authentication/userSynchronizers/sync/{id}", { id }))).data,
  task: async (id: string) => (await http.get<R<TaskRow>>(API.get("/authentication/taskResult/detail"), { params: { id } })).data,
  setStatus: (id: string, status: 0 | 1) => http.post(API.post("/authentication/userSynchronizers/status"), undefined, { params: { id, status } }),
  tokens: async () => (await http.get<R<ScimTokenRow[]>>(API.get("/authentication/scimToken/list"))).data,
  issueToken: async (name: string) => (await http.post<R<ScimTokenRow & { token: string }>>(API.post("/authentication/scimToken/issue"), { name })).data,
  revokeToken: (id: string) => http.post(API.post("/authentication/scimToken/revoke"), undefined, { params: { ids: id } }),
};

/** The tenant's SCIM 2.0 service, on this console's own origin. */
export const scimBaseUrl = () => `${window.location.origin}/api/scim/v2`;

/** The 同步记录 page showing one run's detail. */
export const taskResultLink = (taskId: string) => `/applicationManagement/taskResult/index?taskId=${encodeURIComponent(taskId)}`;
