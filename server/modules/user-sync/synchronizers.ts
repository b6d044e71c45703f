import { and, eq, inArray } from "drizzle-orm";
import {
  SYNC_ATTRS,
  SYNC_DEFAULT_ATTRS,
  SYNC_DEFAULT_ENDPOINTS,
  SYNC_DEFAULT_ROOT,
  isDirectorySource,
  syncMessages,
  userSynchronizerSpec,
  type SyncSource,
} from "../../../domain/resources/applicationManagement/userSynchronizer/spec";
import { permissionCodes } from "../../../domain/validation";
import type { AppContext } from "../../context";
import { dept, role, taskResult, userSynchronizer } from "../../db/schema";
import { formatDateTime } from "../../db/time";
import { readJsonObject, readParams } from "../../http/body";
import { badRequest, ok } from "../../http/errors";
import { fieldErrors, plainVO, requireId, type CrudDefinition } from "../../kit/crud";
import { can, type RouteSpec } from "../../security/authorize";
import type { TenantScope } from "../../security/tenant-scope";
import { MIN_INTERVAL_MINUTES, nextRunAfter, parseCron } from "./schedule-time";

export type SynchronizerRow = typeof userSynchronizer.$inferSelect;
export const MSG_MISSING = syncMessages.missing.zh;
/** The field name the secret is sealed under (security/secrets.ts binds a sealed value to it). */
export const SECRET_FIELD = "userSynchronizer.secret";
export const syncCodes = { ...permissionCodes(userSynchronizerSpec), preview: "userSynchronizer_preview", sync: "userSynchronizer_sync" };

/** A row as the API answers it: the secret only as "set", the lease only as "running". */
export function synchronizerVO(row: SynchronizerRow, now: number) {
  const { secret, leaseOwner: _owner, leaseUntil, ...rest } = plainVO(row);
  return { ...rest, secretSet: secret !== "", running: leaseUntil > now, nextRunTime: row.nextRunAt ? formatDateTime(new Date(row.nextRunAt)) : "" };
}

/**
 * What the list shows beside each synchroniser: its latest run (status and start) and the name of
 * its target department — two statements for a whole page, whatever its size.
 */
async function listExtras(scope: TenantScope, rows: SynchronizerRow[]) {
  const taskIds = [...new Set(rows.map((r) => r.lastTaskId).filter((id) => id !== "0"))];
  const deptIds = [...new Set(rows.map((r) => r.targetDeptId).filter((id) => id !== "0"))];
  const [runs, depts] = await Promise.all([
    taskIds.length ? scope.repo(taskResult).list(inArray(taskResult.id, taskIds)) : [],
    deptIds.length ? scope.repo(dept).list(inArray(dept.id, deptIds)) : [],
  ]);
  const runOf = new Map(runs.map((r) => [r.id, r]));
  const deptName = new Map(depts.map((d) => [d.id, d.deptName]));
  return (row: SynchronizerRow) => {
    const run = runOf.get(row.lastTaskId);
    return { lastTaskStatus: run ? run.taskStatus : null, lastRunTime: run?.startTime ?? "", targetDeptName: deptName.get(row.targetDeptId) ?? "" };
  };
}

/** An LDAP filter: one parenthesised expression with balanced parentheses. */
export function isLdapFilter(text: string): boolean {
  if (!text.startsWith("(") || !text.endsWith(")")) return false;
  let depth = 0;
  for (const [i, ch] of [...text].entries()) {
    if (ch === "(") depth += 1;
    if (ch === ")") depth -= 1;
    if (depth < 0 || (depth === 0 && i < text.length - 1)) return false;
  }
  return depth === 0;
}

const LDAP_URL = /^ldaps?:\/\/[^\s/]+(:\d{1,5})?\/?$/i;

/**
 * The spec checks each field; what a synchroniser needs beyond it depends on its source and
 * schedule. Empty mapping, address and root take the source's defaults, stored filled in.
 */
async function checkAndFill(scope: TenantScope, values: Record<string, unknown>, existing: SynchronizerRow | undefined, tenantId: string, now: number) {
  const merged = { ...existing, ...values } as Record<string, unknown>;
  const source = String(merged.sourceType) as SyncSource;
  const errors: { field: string; message: string }[] = [];
  const text = (f: string) => String(merged[f] ?? "").trim();
  for (const a of SYNC_ATTRS) if (!text(a)) values[a] = SYNC_DEFAULT_ATTRS[source][a];
  if (isDirectorySource(source)) {
    if (!text("endpoint")) errors.push({ field: "endpoint", message: syncMessages.endpointRequired.zh });
    else if (!LDAP_URL.test(text("endpoint"))) errors.push({ field: "endpoint", message: syncMessages.endpointScheme.zh });
    if (!text("userBaseDn")) errors.push({ field: "userBaseDn", message: syncMessages.baseDnRequired.zh });
    for (const f of ["userFilter", "deptFilter"]) if (text(f) && !isLdapFilter(text(f))) errors.push({ field: f, message: syncMessages.filterFormat.zh });
  } else {
    if (!text("endpoint")) values.endpoint = SYNC_DEFAULT_ENDPOINTS[source] ?? "";
    else if (!/^https?:\/\//i.test(text("endpoint"))) errors.push({ field: "endpoint", message: syncMessages.endpointHttp.zh });
    if (!text("rootDept")) values.rootDept = SYNC_DEFAULT_ROOT[source] ?? "";
  }
  const scheduleType = text("scheduleType") || "none";
  if (scheduleType === "cron" && !parseCron(text("cron"))) errors.push({ field: "cron", message: syncMessages.cronRequired.zh });
  if (scheduleType === "interval" && !(Number(merged.intervalMinutes) >= MIN_INTERVAL_MINUTES)) errors.push({ field: "intervalMinutes", message: syncMessages.intervalRequired.zh });
  const target = text("targetDeptId") || "0";
  if (target !== "0" && (await scope.repo(dept).count(eq(dept.id, target), tenantId)) === 0) errors.push({ field: "targetDeptId", message: syncMessages.targetMissing.zh });
  if ((await scope.repo(role).count(and(eq(role.id, text("roleId"))), tenantId)) === 0) errors.push({ field: "roleId", message: syncMessages.roleMissing.zh });
  if (errors.length) fieldErrors(errors);
  values.nextRunAt = nextRunAfter({ scheduleType, cron: text("cron"), intervalMinutes: Number(merged.intervalMinutes ?? 0) }, now);
}

/** The resource's definition for the kit (crud.ts): list, page, detail, submit, remove, and the status switch. */
export function synchronizerDefinition(ctx: AppContext, routes: RouteSpec[]): Omit<CrudDefinition<typeof userSynchronizer>, "spec"> {
  return {
    table: userSynchronizer,
    missing: MSG_MISSING,
    idLabel: "同步器ID",
    toVO: async (rows, scope) => {
      const extras = await listExtras(scope, rows);
      return rows.map((r) => ({ ...synchronizerVO(r, ctx.now()), ...extras(r) }));
    },
    beforeWrite: async (scope, values, existing, tenantId) => {
      const secret = typeof values.secret === "string" ? values.secret : "";
      // Empty keeps the stored secret; a new one is sealed before it reaches the row.
      if (secret) values.secret = ctx.secrets.seal(secret, SECRET_FIELD);
      else delete values.secret;
      if (!secret && !existing?.secret) fieldErrors([{ field: "secret", message: syncMessages.secretRequired.zh }]);
      await checkAndFill(scope, values, existing, tenantId ?? existing?.tenantId ?? scope.tenantId, ctx.now());
    },
    routes: [
      {
        method: "POST",
        path: "/status",
        access: can(syncCodes.edit),
        doc: { summary: "启用或停用同步器" },
        handler: async (c) => {
          const json = (c.req.header("content-type") ?? "").includes("application/json");
          const params: Record<string, unknown> = json ? await readJsonObject(c) : await readParams(c);
          const id = requireId(params.id, "同步器ID");
          const status = Number(params.status);
          if (String(params.status ?? "") === "" || (status !== 0 && status !== 1)) throw badRequest(syncMessages.statusValue.zh);
          await c.var.scope.transaction(async (tx) => {
            const row = await tx.repo(userSynchronizer).get(id, MSG_MISSING);
            // A synchroniser enabled again runs on its schedule from now, not at a time long past.
            await tx.repo(userSynchronizer).update([id], { status, nextRunAt: nextRunAfter(row, ctx.now()) }, MSG_MISSING);
          });
          return ok(c, true);
        },
      },
      ...routes,
    ],
  };
}
