/**
 * The shapes of /blade-system/roleGroup, shared by the reference server and the console (pure
 * types: nothing here may import React, antd or the server).
 */

/** Enabled (1) or disabled (0): a role group, an application. */
export type Status = 0 | 1;

/** An application role bound to a group (a 'permission group' of the application). */
export interface GroupAppRole {
  id: string;
  roleName: string;
}

/** An application bound to a group, with the application roles the group holds in it. */
export interface GroupApp {
  appId: string;
  appName: string;
  appCode: string;
  status: Status;
  appRoles: GroupAppRole[];
}

/** A row of listGroupAppByRoleId: a role's group with its applications. */
export interface RoleGroupVO {
  id: string;
  tenantId: string;
  roleId: string;
  groupName: string;
  sort: number;
  remark: string;
  status: Status;
  apps: GroupApp[];
}

/** A row of listAppByGroup: an application bound to the group. */
export interface BoundApp {
  id: string;
  appName: string;
  appCode: string;
  status: Status;
}

/** A row of listPermissionGroupByApp: an application role, `checked` when bound to the named group. */
export interface PermissionGroup {
  id: string;
  appId: string;
  roleName: string;
  roleCode: string;
  sort: number;
  checked: boolean;
}

/** POST bindApp: the group's applications become exactly these. */
export interface BindAppBody {
  groupId: string;
  appIds: string[];
}

/** POST bingGroup (BladeX's spelling): the group's roles of this application become exactly these. */
export interface BindGroupBody {
  groupId: string;
  appId: string;
  appRoleIds: string[];
}
