import { APP_DIRECTORY_PAGE_API } from "../../../domain/resources/applicationManagement/resourceDirectory/spec";
import type { AppContext } from "../../context";
import { appDirectory } from "../../db/schema";
import { trimDateTime } from "../../db/time";
import { parseQuery, toPage } from "../../db/query";
import { readParams } from "../../http/body";
import { ok } from "../../http/errors";
import type { ApiModule } from "../../kit/module";
import { AUTHENTICATED, defineRoutes } from "../../security/authorize";
import { type TenantScope } from "../../security/tenant-scope";
import { DIRECTORY_ORDER, appsOf, startedIds, type DirectoryRow } from "./service";

/** The directories in tree order (a parent before its children, siblings by sort), with their depth. */
function inTreeOrder(rows: DirectoryRow[]): { row: DirectoryRow; path: string[] }[] {
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<string, DirectoryRow[]>();
  for (const r of rows) {
    const parent = r.parentId !== "0" && ids.has(r.parentId) ? r.parentId : "0";
    children.set(parent, [...(children.get(parent) ?? []), r]);
  }
  const out: { row: DirectoryRow; path: string[] }[] = [];
  const walk = (parentId: string, path: string[]) => {
    for (const r of children.get(parentId) ?? []) {
      out.push({ row: r, path });
      walk(r.id, [...path, r.directoryName]);
    }
  };
  walk("0", []);
  return out;
}

/**
 * The resource area's directories (current, size, directoryName): the caller's tenant's started
 * directories whose ancestors are all started, in tree order, each with its enabled applications
 * and the names of the directories above it. A stopped directory takes everything below it away.
 */
export async function startedDirectoryPage(scope: TenantScope, params: Record<string, string>) {
  const q = parseQuery(params, {}, { reserved: ["directoryName", "tenantId"] });
  const rows = await scope.repo(appDirectory).list(undefined, { orderBy: DIRECTORY_ORDER, tenantId: scope.tenantId });
  const started = startedIds(rows);
  const name = (params.directoryName ?? "").trim().toLowerCase();
  const shown = inTreeOrder(rows.filter((r) => started.has(r.id))).filter(({ row }) => !name || row.directoryName.toLowerCase().includes(name));
  const slice = shown.slice((q.current - 1) * q.size, q.current * q.size);
  const apps = await appsOf(scope, slice.map(({ row }) => row.id), true);
  const records = slice.map(({ row, path }) => ({
    id: row.id,
    parentId: row.parentId,
    directoryName: row.directoryName,
    directoryCode: row.directoryCode,
    icon: row.icon,
    description: row.description,
    ownerId: row.ownerId,
    sort: row.sort,
    path,
    createTime: trimDateTime(row.createTime),
    apps: apps.get(row.id) ?? [],
  }));
  return toPage(records, shown.length, q.current, q.size);
}

/**
 * /authentication/app-drectory (§7's spelling): `page` for the resource area. Every signed-in user
 * of the tenant browses it: the resource area exists to find and request what one does not hold yet.
 */
export const appDirectoryPageModule: ApiModule = {
  base: APP_DIRECTORY_PAGE_API,
  routes: (ctx: AppContext) =>
    defineRoutes(ctx, [{ method: "GET", path: "/page", access: AUTHENTICATED, handler: async (c) => ok(c, await startedDirectoryPage(c.var.scope, await readParams(c))) }]),
};
