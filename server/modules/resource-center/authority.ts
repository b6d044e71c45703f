import type { Context } from "hono";
import { and, eq, inArray, ne, or, type SQL } from "drizzle-orm";
import type { AppEnv } from "../../context";
import { appDirectory, resourceRequest } from "../../db/schema";
import { hasPermission } from "../../security/authorize";
import { STATE } from "./events";
import { FLOW_TWO_STEP } from "./requests";

export const APPROVE_CODE = "approvalManagement_approve";
export const REJECT_CODE = "approvalManagement_reject";

type RequestRow = typeof resourceRequest.$inferSelect;

/**
 * Who may decide what: a holder of 通过 (approvalManagement_approve) approves a single-step request
 * or the second step of a two-step one; the owner of the request's directory approves or rejects
 * the first step of a two-step one; a holder of 驳回 rejects any pending request. Nobody decides
 * their own request. 审批管理 and the notice bell both read it from here, so the bell never
 * announces a request the page would not show.
 */
export interface Authority {
  approve: boolean;
  reject: boolean;
  /** Directories the caller owns. */
  owned: Set<string>;
}

export async function authorityOf(c: Context<AppEnv>): Promise<Authority> {
  const { scope, caller } = c.var;
  const owned = new Set((await scope.systemIn(caller.tenantId).repo(appDirectory).list(eq(appDirectory.ownerId, caller.userId))).map((d) => d.id));
  return { approve: await hasPermission(scope, caller, APPROVE_CODE), reject: await hasPermission(scope, caller, REJECT_CODE), owned };
}

export const decidesAnything = (a: Authority) => a.approve || a.reject || a.owned.size > 0;

export const firstStep = (r: RequestRow) => r.flow === FLOW_TWO_STEP && r.step === 1;

export function may(a: Authority, r: RequestRow, userId: string): { approve: boolean; reject: boolean } {
  if (r.userId === userId || r.state !== STATE.pending) return { approve: false, reject: false };
  const owner = firstStep(r) && a.owned.has(r.directoryId);
  return { approve: owner || (!firstStep(r) && a.approve), reject: owner || a.reject };
}

/**
 * The pending requests of others that `a` may decide, as a condition on resourceRequest; undefined
 * when it may decide none (a caller must then list nothing: an absent condition would match all).
 */
export function decidable(a: Authority, userId: string): SQL | undefined {
  if (!decidesAnything(a)) return undefined;
  const mine = or(
    a.approve || a.reject ? ne(resourceRequest.flow, FLOW_TWO_STEP) : undefined,
    a.approve || a.reject ? eq(resourceRequest.step, 2) : undefined,
    a.reject ? eq(resourceRequest.step, 1) : undefined,
    a.owned.size ? and(eq(resourceRequest.flow, FLOW_TWO_STEP), eq(resourceRequest.step, 1), inArray(resourceRequest.directoryId, [...a.owned])) : undefined,
  );
  return and(eq(resourceRequest.state, STATE.pending), ne(resourceRequest.userId, userId), mine);
}
