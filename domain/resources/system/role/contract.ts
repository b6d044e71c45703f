/**
 * The shapes of the role calls beyond the common CRUD ones, shared by the reference server and the
 * console (pure types and constants: nothing here may import React, antd or the server).
 */
import type { TreeNode } from "../../../contract";

/** A row of role/list (a forest), role/page and role/detail: BladeX RoleVO plus the category. */
export interface RoleVO {
  id: string;
  tenantId: string;
  parentId: string;
  parentName: string;
  roleName: string;
  roleAlias: string;
  sort: number;
  categoryId: string;
  categoryName: string;
  createTime: string;
  updateTime: string;
  hasChildren?: boolean;
  children?: RoleVO[];
}

/** roleDetail: the role with what it is granted (menu and button ids, data and API scope ids) and how many users hold it. */
export interface RoleDetail extends RoleVO {
  menuIds: string[];
  dataScopeIds: string[];
  apiScopeIds: string[];
  userCount: number;
}

/** POST /blade-system/role/grant (JSON). `nodes` is sent by one console variant and ignored. */
export interface GrantBody {
  roleIds: string[];
  menuIds: string[];
  dataScopeIds: string[];
  apiScopeIds: string[];
  nodes?: unknown;
}

/** GET /blade-system/menu/grant-tree: what the caller may hand out. */
export interface GrantTree {
  menu: TreeNode[];
  dataScope: TreeNode[];
  apiScope: TreeNode[];
  /**
   * Beyond BladeX (absent from a real gateway): the tenant's top menus and the menus each holds,
   * so the dialog can say where a granted page is listed (contract/menu-reach.ts).
   */
  topMenus?: { id: string; name: string; menuIds: string[] }[];
}

/** GET /blade-system/menu/role-tree-keys?roleIds=: what the roles hold now. */
export interface GrantKeys {
  menu: string[];
  dataScope: string[];
  apiScope: string[];
}

/** A row of rolePolicy/rolePolicyPage: a role and a summary of its grants. */
export interface RolePolicyRow {
  id: string;
  tenantId: string;
  roleName: string;
  roleAlias: string;
  categoryName: string;
  /** Granted menus (category 1) and buttons (category 2). */
  menuCount: number;
  buttonCount: number;
  dataScopeCount: number;
  apiScopeCount: number;
  userCount: number;
  /** Names of the granted top-level menus, in menu order, comma-joined. */
  menuNames: string;
}

/** blade_role_scope.scope_category of the grants (BladeX): 1 data scopes, 2 API scopes. */
export const SCOPE_CATEGORY = { data: 1, api: 2 } as const;

/** The tenant administrator's role alias (BladeX creates it with every tenant). */
export const TENANT_ADMIN_ALIAS = "admin";
