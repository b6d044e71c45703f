import { eq, inArray } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../../context";
import { sampleApprovalDecision } from "../../db/schema";
import { readIds } from "../../http/body";
import { badRequest, ok } from "../../http/errors";
import { can, type RouteSpec } from "../../security/authorize";
import { SAMPLE_APPROVALS, SAMPLE_APPROVAL_STATUS, type SampleApproval } from "../../../domain/resources/dataAssets/sample/data";

/*
 * 授权审批 (/dataAuth/approve): the approval items are the sample data of §3, the same for every
 * tenant; approving or rejecting one is real. The decision is a row of blade_sample_approval for
 * the caller's tenant, written once by a holder of the 审批 button (and logged as 授权审批-审批
 * like every administrative write); the list shows each item's decided status.
 */

export const MSG_APPROVAL_ITEM_MISSING = "审批事项不存在";
export const MSG_APPROVAL_ITEM_DONE = "该审批事项已处理，不能重复审批";
const APPROVE = can("dataAuthApprove_approve");

const STATE = { approve: 1, reject: 2 } as const;
const STATUS_OF: Record<number, SampleApproval["status"]> = { 1: SAMPLE_APPROVAL_STATUS.approved, 2: SAMPLE_APPROVAL_STATUS.rejected };

/** The items of a page with the caller's tenant's decisions in place of the sample's 'pending approval'. */
export async function withDecisions(c: Context<AppEnv>, items: SampleApproval[]): Promise<SampleApproval[]> {
  if (items.length === 0) return items;
  const decided = await c.var.scope
    .repo(sampleApprovalDecision)
    .list(inArray(sampleApprovalDecision.approvalId, items.map((i) => i.id)));
  const state = new Map(decided.map((d) => [String(d.approvalId), d.state]));
  return items.map((i) => (state.has(i.id) ? { ...i, status: STATUS_OF[state.get(i.id)!] ?? i.status } : i));
}

/** A unique index refusing a second decision made at the same moment (Postgres 23505). */
const isDuplicate = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
};

/** POST /blade-sample/approval/approve?id= and /reject?id=: one decision per item and tenant. */
export function approvalDecisionRoutes(): RouteSpec[] {
  return (["approve", "reject"] as const).map((action) => ({
    method: "POST" as const,
    path: `/approval/${action}`,
    access: APPROVE,
    handler: async (c: Context<AppEnv>) => {
      const id = (await readIds(c, "id"))[0];
      if (!id || !SAMPLE_APPROVALS.some((a) => a.id === id)) throw badRequest(MSG_APPROVAL_ITEM_MISSING);
      try {
        await c.var.scope.transaction(async (tx) => {
          const repo = tx.repo(sampleApprovalDecision);
          const [done] = await repo.list(eq(sampleApprovalDecision.approvalId, id), { limit: 1 });
          if (done) throw badRequest(MSG_APPROVAL_ITEM_DONE);
          await repo.insert({ approvalId: id, state: STATE[action] });
        });
      } catch (error) {
        if (isDuplicate(error)) throw badRequest(MSG_APPROVAL_ITEM_DONE);
        throw error;
      }
      return ok(c, true);
    },
  }));
}
