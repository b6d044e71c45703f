import { index, integer, smallint, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { tenantTable } from "../../db/tenant-table";
import { auditColumns, dateTime, id, tenantId } from "../../db/columns";

/**
 * A user's request for an application (资源申请). state: 0 待审批, 1 已通过, 2 已驳回, 3 已撤回,
 * 4 已过期. flow is the `flow` dictionary's key it follows; step the step awaiting a decision
 * (1, or 2 after the directory owner approved a two-step request).
 */
export const resourceRequest = tenantTable(
  "blade_resource_request",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    userId: id("user_id").notNull(),
    appId: id("app_id").notNull(),
    /** The directory it was requested from ("0" = none): its owner is a two-step flow's first approver. */
    directoryId: id("directory_id").notNull().default("0"),
    reason: varchar("reason", { length: 255 }).notNull().default(""),
    /** 7, 30 or 90 days, or 0 for a permanent grant. */
    durationDays: integer("duration_days").notNull().default(0),
    flow: varchar("flow", { length: 32 }).notNull().default("1"),
    step: smallint("step").notNull().default(1),
    state: smallint("state").notNull().default(0),
    firstApprover: id("first_approver").notNull().default("0"),
    firstComment: varchar("first_comment", { length: 255 }).notNull().default(""),
    approver: id("approver").notNull().default("0"),
    comment: varchar("comment", { length: 255 }).notNull().default(""),
    decideTime: dateTime("decide_time"),
    ...auditColumns(),
  },
  (t) => [index("blade_resource_request_user_idx").on(t.tenantId, t.userId), index("blade_resource_request_state_idx").on(t.tenantId, t.state)],
);

/** What an approved request gave: the user may use the application until endTime (null = permanent). */
export const resourceGrant = tenantTable(
  "blade_resource_grant",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    userId: id("user_id").notNull(),
    appId: id("app_id").notNull(),
    requestId: id("request_id").notNull(),
    endTime: dateTime("end_time"),
    ...auditColumns(),
  },
  (t) => [index("blade_resource_grant_user_idx").on(t.tenantId, t.userId), index("blade_resource_grant_end_idx").on(t.endTime)],
);

/** A user's pinned 常用应用 (common-application/set), in the order they pinned them. */
export const commonApp = tenantTable(
  "blade_common_app",
  { id: id("id").notNull(), tenantId: tenantId(), userId: id("user_id").notNull(), appId: id("app_id").notNull(), sort: integer("sort").notNull().default(0) },
  (t) => [uniqueIndex("blade_common_app_uq").on(t.tenantId, t.userId, t.appId)],
);
