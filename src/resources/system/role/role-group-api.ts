/**
 * The calls of the role-group drawer (§7 roleGroup, and the applications list of /authentication),
 * with answers normalised: a real BladeX gateway may leave out fields or send null, "" or -1.
 */
import type { Page, R } from "../../../../domain/contract";
import { http } from "../../../providers/http";
import type { GroupApp, PermissionGroup, RoleGroupVO, Status } from "../../../../domain/resources/system/role/group-contract";
import { API } from "../../../../domain/contract/api";

/** The tenant's applications (the applications area's list; BladeX /authentication/app/list). */
export const APP_LIST_URL = API.get("/authentication/app/list");

const text = (v: unknown) => (typeof v === "string" ? v : v === null || v === undefined ? "" : String(v));
const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter((x) => x && typeof x === "object") : []);
/** Enabled unless the server says otherwise (status 0, or BladeX's isEnable 0/false). */
const statusOf = (row: Record<string, unknown>): Status =>
  [0, "0", false].includes(row.status as never) || [0, "0", false].includes(row.isEnable as never) ? 0 : 1;

function toApp(row: Record<string, unknown>): GroupApp {
  return {
    appId: text(row.appId ?? row.id),
    appName: text(row.appName),
    appCode: text(row.appCode),
    status: statusOf(row),
    appRoles: list(row.appRoles).map((r) => ({ id: text(r.id), roleName: text(r.roleName) })),
  };
}

function toGroup(row: Record<string, unknown>): RoleGroupVO {
  return {
    id: text(row.id),
    tenantId: text(row.tenantId),
    roleId: text(row.roleId),
    groupName: text(row.groupName),
    sort: Number(row.sort ?? 0) || 0,
    remark: text(row.remark),
    status: statusOf(row),
    apps: list(row.apps).map(toApp),
  };
}

export async function listGroups(roleId: string): Promise<RoleGroupVO[]> {
  const body = await http.get<R<unknown>>(API.get("/blade-system/roleGroup/listGroupAppByRoleId"), { params: { roleId } });
  return list(body.data).map(toGroup);
}

export const submitGroup = (values: Record<string, unknown>) => http.post<R<unknown>>(API.post("/blade-system/roleGroup/submit"), values);

export const removeGroup = (id: string) => http.delete<R<boolean>>(API.delete("/blade-system/roleGroup/remove"), { params: { ids: id } });

export const enableGroup = (id: string, status: Status) => http.get<R<boolean>>(API.get("/blade-system/roleGroup/enable"), { params: { id, status } });

export const bindApps = (groupId: string, appIds: string[]) => http.post<R<boolean>>(API.post("/blade-system/roleGroup/bindApp"), { groupId, appIds });

export async function listPermissionGroups(appId: string, groupId: string): Promise<PermissionGroup[]> {
  const body = await http.get<R<unknown>>(API.get("/blade-system/roleGroup/listPermissionGroupByApp"), { params: { appId, groupId } });
  return list(body.data).map((r) => ({
    id: text(r.id),
    appId: text(r.appId),
    roleName: text(r.roleName),
    roleCode: text(r.roleCode),
    sort: Number(r.sort ?? 0) || 0,
    checked: r.checked === true || r.checked === 1 || r.checked === "true",
  }));
}

export const bindPermissionGroups = (groupId: string, appId: string, appRoleIds: string[]) =>
  http.post<R<boolean>>(API.post("/blade-system/roleGroup/bingGroup"), { groupId, appId, appRoleIds });

/** An application to choose: enabled ones can be bound. */
export interface AppOption {
  id: string;
  appName: string;
  appCode: string;
  status: Status;
}

/** The tenant's applications; the list may answer an array or a page (the first 200). */
export async function listApps(): Promise<AppOption[]> {
  const body = await http.get<R<unknown>>(APP_LIST_URL, { params: { current: 1, size: 200 } });
  const data = body.data as Page<unknown> | unknown[] | null;
  const rows = Array.isArray(data) ? list(data) : list(data?.records);
  return rows.map((r) => ({ id: text(r.id), appName: text(r.appName), appCode: text(r.appCode), status: statusOf(r) })).filter((a) => a.id !== "");
}
