import { index, integer, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { tenantTable } from "../../db/tenant-table";
import { auditColumns, dateTime, id, tenantId } from "../../db/columns";

/** Scripts of the IDE (/dataFactory/ide/ide), each owned by the user who created it (create_user). */
export const ideScript = tenantTable(
  "blade_ide_script",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    name: varchar("name", { length: 64 }).notNull(),
    language: varchar("language", { length: 16 }).notNull(),
    content: text("content").notNull().default(""),
    ...auditColumns(),
  },
  (t) => [index("blade_ide_script_owner_idx").on(t.tenantId, t.createUser)],
);

/**
 * A high-risk statement waiting for, or given, a second person's approval (statements.ts
 * riskyStatements: an HQL statement with the use/set statements before it; a whole Python, Scala
 * or Java script). Bound to the sha-256 of its tokens (`script_hash`; `content` is its text as
 * written) and to the user who asked: approved, it runs once, for that user only; any other
 * statement, or another run, needs its own approval.
 */
export const ideRunApproval = tenantTable(
  "blade_ide_run_approval",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    scriptHash: varchar("script_hash", { length: 64 }).notNull(),
    language: varchar("language", { length: 16 }).notNull(),
    content: text("content").notNull(),
    /** 0 pending, 1 approved, 2 rejected, 3 used (APPROVAL_STATE). */
    state: integer("state").notNull().default(0),
    approveUser: id("approve_user"),
    approveTime: dateTime("approve_time"),
    ...auditColumns(),
  },
  (t) => [index("blade_ide_run_approval_hash_idx").on(t.tenantId, t.scriptHash)],
);

/**
 * The decision on a 授权审批 item (the sample approval items of §3, SAMPLE_APPROVALS): the items
 * are sample data, the decision is real — made by a holder of the 审批 button, once, and kept per
 * tenant. An item without a row here is pending.
 */
export const sampleApprovalDecision = tenantTable(
  "blade_sample_approval",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    approvalId: id("approval_id").notNull(),
    /** 1 approved, 2 rejected (SAMPLE_APPROVAL_STATE). */
    state: integer("state").notNull(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex("blade_sample_approval_item_idx").on(t.tenantId, t.approvalId)],
);
