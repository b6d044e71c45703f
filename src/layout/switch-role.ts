/** Switching department/role (§4, switch mode): the option lists and the switch itself. */
import type { R } from "../../domain/contract";
import { http, refreshAccessToken } from "../providers/http";
import { reloadMenus } from "./top-menu-store";
import { API } from "../../domain/contract/api";

export interface DeptOption {
  id: string;
  deptName: string;
}

export interface RoleOption {
  id: string;
  roleName: string;
}

const list = <T>(body: R<T[]> | undefined): T[] => (Array.isArray(body?.data) ? body.data : []);

export async function fetchDeptOptions(userId: string): Promise<DeptOption[]> {
  return list(await http.get<R<DeptOption[]>>(API.get("/blade-system/dept/select"), { params: { userId } }));
}

export async function fetchRoleOptions(userId: string): Promise<RoleOption[]> {
  return list(await http.get<R<RoleOption[]>>(API.get("/blade-system/role/select"), { params: { userId } }));
}

/**
 * Refreshes the token with `Dept-Id`/`Role-Id` (the server narrows the session to the choice when
 * it is one of the user's own), then reloads menus and permissions for the chosen role.
 */
export async function switchDeptRole(choice: { deptId: string; roleId: string }): Promise<void> {
  await refreshAccessToken(choice);
  await reloadMenus();
}
