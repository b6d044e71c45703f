import { and, eq, gt, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { ADMINISTRATOR_ALIAS, DEFAULT_TENANT_ID } from "../../../domain/contract";
import { app, appCategory, appDirectory, appDirectoryApp, appRole, appRoleDirectory, resourceGrant, role, roleGroup, roleGroupApp, user, userAppRole } from "../../db/schema";
import { formatDateTime, trimDateTime } from "../../db/time";
import type { TenantScope } from "../../security/tenant-scope";

/**
 * THE rule of the resource centre: which applications a user may use. 我的应用, 我的资源, app/visit
 * and the approvers' view of a requester all read it from here, so they never disagree.
 *
 * An enabled application (status 1, not deleted) of the user's tenant, reached through
 *  (a) an application role the user holds (userAppRole → appRole.appId),
 *  (b) a directory given to one of those application roles (appRoleDirectory → appDirectoryApp),
 *      when the directory and every ancestor are started (status 1),
 *  (c) an enabled role group of one of the user's system roles (roleGroup → roleGroupApp), or
 *  (d) the grant of an approved request that has not ended (endTime null or in the future).
 * The platform administrator may use every enabled application of its own tenant.
 *
 * Reads go through the system scope of the user's tenant: what a user may use does not depend on
 * who asks (the user or an approver looking at them), and no caller's data scope narrows it.
 */

export type SourceType = "role" | "directory" | "group" | "request" | "admin";

export interface Source {
  type: SourceType;
  /** The application role, the directory's path, the role group, or "" for a request. */
  name: string;
  /** Through what: the application role a directory is given to, the system role of a group. */
  via?: string;
  requestId?: string;
  /** When a request's grant ends ("" = permanent). */
  endTime?: string;
  /** When the source was given, where known (a grant): "recently added". */
  since?: string;
}

export interface UsableApp {
  id: string;
  appName: string;
  appCode: string;
  appUrl: string;
  icon: string;
  description: string;
  categoryId: string;
  categoryName: string;
  createTime: string;
  sources: Source[];
}

type DirectoryRow = typeof appDirectory.$inferSelect;

/** Each directory's path ("A / B") when it and all its ancestors are started; stopped ones are absent. */
export function startedPaths(directories: DirectoryRow[]): Map<string, string> {
  const byId = new Map(directories.map((d) => [d.id, d]));
  const out = new Map<string, string | null>();
  const pathOf = (id: string, seen: Set<string>): string | null => {
    if (out.has(id)) return out.get(id)!;
    const d = byId.get(id);
    // A missing (deleted) ancestor, or a loop in bad data, hides the branch rather than showing it.
    if (!d || d.status !== 1 || seen.has(id)) return null;
    seen.add(id);
    const parent = d.parentId === "0" ? "" : pathOf(d.parentId, seen);
    const path = parent === null ? null : parent ? `${parent} / ${d.directoryName}` : d.directoryName;
    out.set(id, path);
    return path;
  };
  for (const d of directories) pathOf(d.id, new Set());
  return new Map([...out].filter((e): e is [string, string] => e[1] !== null));
}

/** Every started directory of the tenant, with its path (the tree of 资源申请 reads the same). */
export async function startedDirectories(scope: TenantScope): Promise<{ rows: DirectoryRow[]; paths: Map<string, string> }> {
  const rows = await scope.repo(appDirectory).list();
  return { rows, paths: startedPaths(rows) };
}

/**
 * Rows as one JSON array of arrays (json_agg): a user may reach hundreds of applications, and the
 * embedded database hands over one JSON value several times faster than as many rows. Ids and
 * times are read as text, the strings the Drizzle columns give.
 */
const jsonRows = <T extends unknown[]>(columns: SQL[], orderBy: SQL = sql``) => sql<T[] | null>`json_agg(json_build_array(${sql.join(columns, sql`, `)}) ${orderBy})`;

type CardRow = [id: string, appName: string, appCode: string, appUrl: string, icon: string, description: string, categoryId: string, createTime: string | null];
const cardRows = jsonRows<CardRow>(
  [sql`${app.id}::text`, sql`${app.appName}`, sql`${app.appCode}`, sql`${app.appUrl}`, sql`${app.icon}`, sql`${app.description}`, sql`${app.categoryId}::text`, sql`${app.createTime}::text`],
  sql`order by ${app.sort}, ${app.id}`,
);
const filedRows = jsonRows<[directoryId: string, appId: string]>([sql`${appDirectoryApp.directoryId}::text`, sql`${appDirectoryApp.appId}::text`]);

const add = (into: Map<string, Source[]>, appId: string, source: Source) => {
  const list = into.get(appId) ?? [];
  list.push(source);
  into.set(appId, list);
};

/**
 * The applications `userId` of `tenantId` may use at `now`, with every source, in application
 * order. `scope` is any scope of the request: the rule reads through the tenant's system scope.
 */
export async function usableApps(scope: TenantScope, tenantId: string, userId: string, now = scope.clock()): Promise<UsableApp[]> {
  const sys = scope.systemIn(tenantId);
  const [person] = await sys.repo(user).list(eq(user.id, userId), { limit: 1 });
  if (!person || person.status !== 1) return [];
  const roleIds = person.roleId.split(",").filter(Boolean);
  const roles = roleIds.length ? await sys.repo(role).list(inArray(role.id, roleIds)) : [];
  const administrator = tenantId === DEFAULT_TENANT_ID && roles.some((r) => r.roleAlias === ADMINISTRATOR_ALIAS);
  const sources = new Map<string, Source[]>();

  // (a) application roles held.
  const held = (await sys.links(userAppRole).list(eq(userAppRole.userId, userId))).map((l) => l.appRoleId);
  const appRoles = held.length ? await sys.repo(appRole).list(inArray(appRole.id, held)) : [];
  for (const r of appRoles) add(sources, r.appId, { type: "role", name: r.roleName });

  // (b) directories given to those roles, while they and their ancestors are started.
  const roleNames = new Map(appRoles.map((r) => [r.id, r.roleName]));
  const given = appRoles.length ? await sys.links(appRoleDirectory).list(inArray(appRoleDirectory.appRoleId, [...roleNames.keys()])) : [];
  if (given.length) {
    const { paths } = await startedDirectories(sys);
    const open = given.filter((g) => paths.has(g.directoryId));
    const [{ filed }] = open.length
      ? await sys.links(appDirectoryApp).select({ filed: filedRows }, inArray(appDirectoryApp.directoryId, open.map((g) => g.directoryId)))
      : [{ filed: null }];
    const appsIn = new Map<string, string[]>();
    for (const [directoryId, appId] of filed ?? []) {
      if (!appsIn.has(directoryId)) appsIn.set(directoryId, []);
      appsIn.get(directoryId)!.push(appId);
    }
    for (const g of open) {
      for (const appId of appsIn.get(g.directoryId) ?? []) add(sources, appId, { type: "directory", name: paths.get(g.directoryId)!, via: roleNames.get(g.appRoleId) });
    }
  }

  // (c) enabled role groups of the user's system roles.
  const groups = roles.length ? await sys.repo(roleGroup).list(and(inArray(roleGroup.roleId, roles.map((r) => r.id)), eq(roleGroup.status, 1))) : [];
  const bound = groups.length ? await sys.links(roleGroupApp).list(inArray(roleGroupApp.groupId, groups.map((g) => g.id))) : [];
  for (const b of bound) {
    const g = groups.find((x) => x.id === b.groupId)!;
    add(sources, b.appId, { type: "group", name: g.groupName, via: roles.find((r) => r.id === g.roleId)?.roleName });
  }

  // (d) grants of approved requests that have not ended.
  for (const g of await liveGrants(sys, userId, now)) {
    add(sources, g.appId, { type: "request", name: "", requestId: g.requestId, endTime: trimDateTime(g.endTime), since: trimDateTime(g.createTime) });
  }

  const ids = [...sources.keys()];
  if (!administrator && ids.length === 0) return [];
  // The ids as one array parameter: binding one parameter per id costs more than the query itself.
  const where = administrator ? eq(app.status, 1) : and(sql`${app.id} = any(${sql.param(ids)}::bigint[])`, eq(app.status, 1));
  const [{ cards }] = await sys.repo(app).select({ cards: cardRows }, where);
  const apps = (cards ?? []).map(([id, appName, appCode, appUrl, icon, description, categoryId, createTime]) => ({ id, appName, appCode, appUrl, icon, description, categoryId, createTime }));
  const categoryIds = [...new Set(apps.map((a) => a.categoryId).filter((id) => id !== "0"))];
  const categories = categoryIds.length ? await sys.repo(appCategory).list(inArray(appCategory.id, categoryIds)) : [];
  const categoryName = new Map(categories.map((c) => [c.id, c.categoryName]));
  return apps.map((a) => ({
    id: a.id,
    appName: a.appName,
    appCode: a.appCode,
    appUrl: a.appUrl,
    icon: a.icon,
    description: a.description,
    categoryId: a.categoryId,
    categoryName: categoryName.get(a.categoryId) ?? "",
    createTime: trimDateTime(a.createTime),
    sources: [...(administrator ? [{ type: "admin" as const, name: "" }] : []), ...(sources.get(a.id) ?? [])],
  }));
}

/** Grants of `userId` still in force at `now` (status 1, no end or an end still ahead). */
export async function liveGrants(scope: TenantScope, userId: string, now: number) {
  const at = formatDateTime(new Date(now));
  return scope
    .repo(resourceGrant)
    .list(and(eq(resourceGrant.userId, userId), eq(resourceGrant.status, 1), or(isNull(resourceGrant.endTime), gt(resourceGrant.endTime, at))));
}

/** Whether `userId` may use `appId` now. */
export async function mayUse(scope: TenantScope, tenantId: string, userId: string, appId: string): Promise<boolean> {
  return (await usableApps(scope, tenantId, userId)).some((a) => a.id === appId);
}
