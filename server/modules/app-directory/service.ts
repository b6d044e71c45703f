import { and, asc, eq, inArray } from "drizzle-orm";
import { isAppIcon } from "../../../domain/resources/applicationManagement/applicationList/spec";
import { directoryMessages as M } from "../../../domain/resources/applicationManagement/resourceDirectory/spec";
import { isId } from "../../db/ids";
import { app, appDirectory, appDirectoryApp, appRoleDirectory, user } from "../../db/schema";
import { MAX_IDS } from "../../http/body";
import { badRequest } from "../../http/errors";
import { checkAttachment, withAttachmentNames } from "../../kit/attachment";
import { fieldErrors, plainVO } from "../../kit/crud";
import { type TenantScope } from "../../security/tenant-scope";

export type DirectoryRow = typeof appDirectory.$inferSelect;
export const MISSING = M.missing.zh;
export const DIRECTORY_ORDER = [asc(appDirectory.sort), asc(appDirectory.id)];

/** An application as a directory lists it. */
export interface DirectoryApp {
  id: string;
  appName: string;
  appCode: string;
  appUrl: string;
  icon: string;
  status: number;
}

/**
 * `appIds` of an insert or update body: an array of ids or a comma string; absent (undefined)
 * leaves an existing directory's applications as they are. A malformed list is a field error.
 */
export function readAppIds(body: Record<string, unknown>): string[] | undefined {
  const raw = body.appIds;
  if (raw === undefined || raw === null) return undefined;
  const list = typeof raw === "string" ? raw.split(",").map((s) => s.trim()).filter(Boolean) : raw;
  if (!Array.isArray(list) || list.length > MAX_IDS || !list.every((v) => isId(v))) fieldErrors([{ field: "appIds", message: M.appIds.zh }]);
  return [...new Set(list as string[])];
}

/** The applications of these ids, each of `tenantId` (and not deleted), else a field error. */
export async function checkApps(scope: TenantScope, appIds: string[], tenantId: string): Promise<void> {
  if (appIds.length === 0) return;
  const found = await scope.forTenant(tenantId).repo(app).list(inArray(app.id, appIds));
  if (found.length !== appIds.length) fieldErrors([{ field: "appIds", message: M.appMissing.zh }]);
}

/**
 * The references of a written directory: a parent of its own tenant that is neither itself nor
 * below it (the tree would lose a loop), an owner who is a user of the tenant, a harmless icon and attachment.
 */
export async function checkDirectory(scope: TenantScope, values: Record<string, unknown>, existing: DirectoryRow | undefined, tenantId: string): Promise<void> {
  const mine = scope.forTenant(tenantId);
  if (values.parentId === "") values.parentId = "0";
  if (values.ownerId === "" || values.ownerId === null) values.ownerId = "0";
  const parentId = String(values.parentId ?? existing?.parentId ?? "0");
  if (values.parentId !== undefined && parentId !== "0") {
    const [parent] = await mine.repo(appDirectory).list(eq(appDirectory.id, parentId));
    if (!parent) fieldErrors([{ field: "parentId", message: M.parentMissing.zh }]);
    if (existing && subtreeIds(await mine.repo(appDirectory).list(), existing.id).includes(parentId)) {
      fieldErrors([{ field: "parentId", message: M.parentLoop.zh }]);
    }
  }
  const ownerId = values.ownerId === undefined ? "0" : String(values.ownerId);
  if (ownerId !== "0" && (await mine.repo(user).count(eq(user.id, ownerId))) === 0) fieldErrors([{ field: "ownerId", message: M.ownerMissing.zh }]);
  if (typeof values.icon === "string" && !isAppIcon(values.icon)) fieldErrors([{ field: "icon", message: M.iconLink.zh }]);
  await checkAttachment(scope, values, existing, M);
}

/** A directory and every directory below it. */
function subtreeIds(rows: Pick<DirectoryRow, "id" | "parentId">[], rootId: string): string[] {
  const children = new Map<string, string[]>();
  for (const r of rows) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  const out = new Set<string>();
  const queue = [rootId];
  while (queue.length) {
    const id = queue.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    queue.push(...(children.get(id) ?? []));
  }
  return [...out];
}

/** The chosen applications become exactly the directory's (links of the directory's tenant). */
export async function replaceApps(tx: TenantScope, directoryId: string, tenantId: string, appIds: string[]): Promise<void> {
  const links = tx.forTenant(tenantId).links(appDirectoryApp);
  await links.delete(eq(appDirectoryApp.directoryId, directoryId));
  if (appIds.length) await links.insert(appIds.map((appId, sort) => ({ directoryId, appId, sort })));
}

/** Refused while sub-directories remain (those removed in the same call aside): the message says so. */
export async function refuseWithChildren(tx: TenantScope, rows: DirectoryRow[]): Promise<void> {
  const ids = rows.map((r) => r.id);
  const children = await tx.repo(appDirectory).list(inArray(appDirectory.parentId, ids));
  if (children.some((c) => !ids.includes(c.id))) throw badRequest(M.hasChildren.zh);
}

/** A removed directory's application links and role links go with it (link rows have no logical delete). */
export async function unlinkDirectories(tx: TenantScope, rows: DirectoryRow[]): Promise<void> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return;
  await tx.links(appDirectoryApp).delete(inArray(appDirectoryApp.directoryId, ids));
  await tx.links(appRoleDirectory).delete(inArray(appRoleDirectory.directoryId, ids));
}

/** The applications each directory holds, in the order chosen; `enabledOnly` for the resource area. */
export async function appsOf(scope: TenantScope, directoryIds: string[], enabledOnly = false): Promise<Map<string, DirectoryApp[]>> {
  const out = new Map<string, DirectoryApp[]>(directoryIds.map((id) => [id, []]));
  if (directoryIds.length === 0) return out;
  const links = await scope.links(appDirectoryApp).list(inArray(appDirectoryApp.directoryId, directoryIds), { orderBy: [asc(appDirectoryApp.sort), asc(appDirectoryApp.id)] });
  const appIds = [...new Set(links.map((l) => l.appId))];
  const apps = appIds.length ? await scope.repo(app).list(and(inArray(app.id, appIds), enabledOnly ? eq(app.status, 1) : undefined)) : [];
  const byId = new Map(apps.map((a) => [a.id, a]));
  for (const l of links) {
    const a = byId.get(l.appId);
    if (a) out.get(l.directoryId)!.push({ id: a.id, appName: a.appName, appCode: a.appCode, appUrl: a.appUrl, icon: a.icon, status: a.status });
  }
  return out;
}

/** Directories as the API answers them: with their applications (and their ids), the owner's name and the attached file's. */
export async function directoryVO(rows: DirectoryRow[], scope: TenantScope) {
  const apps = await appsOf(scope, rows.map((r) => r.id));
  const ownerIds = [...new Set(rows.map((r) => r.ownerId).filter((id) => id !== "0"))];
  const owners = ownerIds.length
    ? (await scope.lookup([{ name: "owner", table: user, key: user.id, label: user.realName, where: inArray(user.id, ownerIds) }])).get("owner")!
    : new Map<string, string>();
  return withAttachmentNames(
    scope,
    rows.map((r) => {
      const held = apps.get(r.id) ?? [];
      return { ...plainVO(r), ownerName: owners.get(r.ownerId) ?? "", apps: held, appIds: held.map((a) => a.id) };
    }),
  );
}

/**
 * The started directories of the caller's tenant whose ancestors are all started: a stopped
 * directory hides everything below it at once, whatever their own status.
 */
export function startedIds(rows: Pick<DirectoryRow, "id" | "parentId" | "status">[]): Set<string> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const memo = new Map<string, boolean>();
  const started = (id: string, seen = new Set<string>()): boolean => {
    if (memo.has(id)) return memo.get(id)!;
    const row = byId.get(id);
    // A parent that is gone (removed) does not hide its former children: they show at the top.
    if (!row) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    const result = row.status === 1 && (row.parentId === "0" || started(row.parentId, seen));
    memo.set(id, result);
    return result;
  };
  return new Set(rows.filter((r) => started(r.id)).map((r) => r.id));
}
