import { sql } from "drizzle-orm";
import { tenantTable } from "../../db/tenant-table";
import { index, integer, jsonb, pgTable, smallint, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { auditColumns, dateTime, epochMs, id, tenantId } from "../../db/columns";

/**
 * 用户同步: one source of departments and users per row (domain/…/userSynchronizer/spec.ts).
 * `secret` holds the sealed secret (security/secrets.ts), never the secret as typed. The lease
 * (`leaseOwner` until `leaseUntil`) makes exactly one server instance run a synchroniser at a time;
 * `nextRunAt` is when the schedule runs it next (null: by hand only).
 */
export const userSynchronizer = tenantTable(
  "blade_user_synchronizer",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    name: varchar("name", { length: 64 }).notNull(),
    sourceType: varchar("source_type", { length: 16 }).notNull(),
    endpoint: varchar("endpoint", { length: 500 }).notNull().default(""),
    tls: varchar("tls", { length: 8 }).notNull().default("none"),
    principal: varchar("principal", { length: 255 }).notNull().default(""),
    secret: text("secret").notNull().default(""),
    /** PEM certificates trusted for ldaps/StartTLS besides the system's (a private CA); not a secret. */
    caCert: text("ca_cert").notNull().default(""),
    userBaseDn: varchar("user_base_dn", { length: 500 }).notNull().default(""),
    userFilter: varchar("user_filter", { length: 500 }).notNull().default(""),
    deptBaseDn: varchar("dept_base_dn", { length: 500 }).notNull().default(""),
    deptFilter: varchar("dept_filter", { length: 500 }).notNull().default(""),
    rootDept: varchar("root_dept", { length: 64 }).notNull().default(""),
    attrAccount: varchar("attr_account", { length: 64 }).notNull().default(""),
    attrName: varchar("attr_name", { length: 64 }).notNull().default(""),
    attrRealName: varchar("attr_real_name", { length: 64 }).notNull().default(""),
    attrPhone: varchar("attr_phone", { length: 64 }).notNull().default(""),
    attrEmail: varchar("attr_email", { length: 64 }).notNull().default(""),
    targetDeptId: id("target_dept_id").notNull().default("0"),
    roleId: id("role_id").notNull().default("0"),
    conflictPolicy: varchar("conflict_policy", { length: 16 }).notNull().default("skip"),
    missingPolicy: varchar("missing_policy", { length: 16 }).notNull().default("disable"),
    deleteThreshold: integer("delete_threshold").notNull().default(20),
    scheduleType: varchar("schedule_type", { length: 16 }).notNull().default("none"),
    cron: varchar("cron", { length: 64 }).notNull().default(""),
    intervalMinutes: integer("interval_minutes").notNull().default(0),
    nextRunAt: epochMs("next_run_at"),
    leaseOwner: varchar("lease_owner", { length: 64 }).notNull().default(""),
    leaseUntil: epochMs("lease_until").notNull().default(0),
    /** The latest run's task result ("0": never run), which the list shows beside the synchroniser. */
    lastTaskId: id("last_task_id").notNull().default("0"),
    remark: varchar("remark", { length: 255 }).notNull().default(""),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex("blade_user_synchronizer_name_uq").on(t.tenantId, t.name).where(sql`${t.isDeleted} = 0`),
    index("blade_user_synchronizer_due_idx").on(t.nextRunAt).where(sql`${t.isDeleted} = 0 and ${t.status} = 1`),
  ],
);

/**
 * One run of a synchroniser or one SCIM push (synchronizerId "0"): trigger manual|schedule|scim;
 * status 0 运行中, 1 成功, 2 部分成功, 3 失败; the counts are its items per action.
 */
export const taskResult = tenantTable(
  "blade_task_result",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    synchronizerId: id("synchronizer_id").notNull().default("0"),
    synchronizerName: varchar("synchronizer_name", { length: 64 }).notNull().default(""),
    trigger: varchar("trigger", { length: 16 }).notNull(),
    taskStatus: smallint("task_status").notNull().default(0),
    startTime: dateTime("start_time").notNull(),
    endTime: dateTime("end_time"),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    disabled: integer("disabled").notNull().default(0),
    deleted: integer("deleted").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    message: varchar("message", { length: 1000 }).notNull().default(""),
    ...auditColumns(),
  },
  (t) => [index("blade_task_result_sync_idx").on(t.tenantId, t.synchronizerId, t.startTime.desc())],
);

/** What one run did to one object, with the fields it changed (`changes`: field → [old, new]). */
export const taskResultItem = tenantTable(
  "blade_task_result_item",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    taskId: id("task_id").notNull(),
    objectType: varchar("object_type", { length: 8 }).notNull(),
    externalId: varchar("external_id", { length: 500 }).notNull().default(""),
    localId: id("local_id").notNull().default("0"),
    label: varchar("label", { length: 255 }).notNull().default(""),
    action: varchar("action", { length: 16 }).notNull(),
    changes: jsonb("changes").$type<Record<string, [unknown, unknown]>>(),
    reason: varchar("reason", { length: 500 }).notNull().default(""),
  },
  (t) => [index("blade_task_result_item_task_idx").on(t.taskId, t.id)],
);

/**
 * Which local user or department an external object became (synchronizerId "0": SCIM), so a
 * renamed account is updated, not duplicated. `digest` is the hash of the mapped values last
 * written: an unchanged object costs no write.
 */
export const syncLink = tenantTable(
  "blade_sync_link",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    synchronizerId: id("synchronizer_id").notNull(),
    objectType: varchar("object_type", { length: 8 }).notNull(),
    externalId: varchar("external_id", { length: 500 }).notNull(),
    localId: id("local_id").notNull(),
    digest: varchar("digest", { length: 64 }).notNull().default(""),
  },
  (t) => [
    uniqueIndex("blade_sync_link_uq").on(t.tenantId, t.synchronizerId, t.objectType, t.externalId),
    index("blade_sync_link_local_idx").on(t.localId),
  ],
);

/** A tenant's SCIM bearer token: only its SHA-256 is kept; `prefix` tells tokens apart on screen. */
export const scimToken = pgTable(
  "blade_scim_token",
  {
    id: id("id").primaryKey(),
    tenantId: tenantId(),
    name: varchar("name", { length: 64 }).notNull(),
    prefix: varchar("prefix", { length: 16 }).notNull(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    lastUsedTime: dateTime("last_used_time"),
    ...auditColumns(),
  },
  (t) => [uniqueIndex("blade_scim_token_hash_uq").on(t.tokenHash)],
);
