import { bigint, index, integer, smallint, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { tenantTable } from "../../db/tenant-table";
import { dateTime, id, tenantId } from "../../db/columns";

/** Front-end errors the console uploads from its error-log dialog. */
export const errorLog = tenantTable(
  "blade_error_log",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    userId: id("user_id").notNull(),
    type: varchar("type", { length: 64 }).notNull().default(""),
    url: varchar("url", { length: 2000 }).notNull().default(""),
    message: text("message").notNull().default(""),
    stack: text("stack").notNull().default(""),
    info: text("info").notNull().default(""),
    /** When the console saw it, as the console wrote it. */
    time: varchar("time", { length: 32 }).notNull().default(""),
    ip: varchar("ip", { length: 64 }).notNull().default(""),
    userAgent: varchar("user_agent", { length: 500 }).notNull().default(""),
    createTime: dateTime("create_time"),
    isDeleted: integer("is_deleted").notNull().default(0),
  },
  (t) => [index("blade_error_log_tenant_idx").on(t.tenantId, t.createTime)],
);

/** Every sign-in attempt, successful or not (refresh-token renewals are not attempts). */
export const loginLog = tenantTable(
  "blade_log_login",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    /** 0 when the account is unknown. */
    userId: id("user_id").notNull().default("0"),
    account: varchar("account", { length: 64 }).notNull().default(""),
    /** 0 when none. */
    deptId: id("dept_id").notNull().default("0"),
    grantType: varchar("grant_type", { length: 32 }).notNull().default(""),
    /** 1 success, 0 failure. */
    success: smallint("success").notNull().default(0),
    /** The words shown to the user, never the password. */
    reason: varchar("reason", { length: 255 }).notNull().default(""),
    ip: varchar("ip", { length: 64 }).notNull().default(""),
    userAgent: varchar("user_agent", { length: 500 }).notNull().default(""),
    createTime: dateTime("create_time").notNull(),
  },
  (t) => [
    index("blade_log_login_tenant_time_idx").on(t.tenantId, t.createTime),
    index("blade_log_login_tenant_account_idx").on(t.tenantId, t.account),
  ],
);

/** Every application visit (GET /authentication/app/visit?id). */
export const appVisitLog = tenantTable(
  "blade_log_app_visit",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    userId: id("user_id").notNull().default("0"),
    account: varchar("account", { length: 64 }).notNull().default(""),
    deptId: id("dept_id").notNull().default("0"),
    appId: id("app_id").notNull(),
    /** Filled once an applications table exists; empty until then. */
    appName: varchar("app_name", { length: 100 }).notNull().default(""),
    ip: varchar("ip", { length: 64 }).notNull().default(""),
    userAgent: varchar("user_agent", { length: 500 }).notNull().default(""),
    createTime: dateTime("create_time").notNull(),
  },
  (t) => [index("blade_log_app_visit_tenant_time_idx").on(t.tenantId, t.createTime)],
);

/**
 * Every administrative write, in the same transaction as the change. Tamper-evident: `hash` is
 * sha256(prevHash ‖ canonical row), chained per tenant by `seq` (unique per tenant, so two writers
 * can never fork the chain even if the advisory lock were missing).
 */
export const operationLog = tenantTable(
  "blade_log_operation",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    userId: id("user_id").notNull().default("0"),
    account: varchar("account", { length: 64 }).notNull().default(""),
    deptId: id("dept_id").notNull().default("0"),
    /** The menu/button title of the permission the route required (e.g. 新增). */
    title: varchar("title", { length: 255 }).notNull().default(""),
    permissionCode: varchar("permission_code", { length: 255 }).notNull().default(""),
    method: varchar("method", { length: 10 }).notNull().default(""),
    requestUri: varchar("request_uri", { length: 500 }).notNull().default(""),
    /** The table written (blade_dept …) or "export". */
    tableName: varchar("table_name", { length: 64 }).notNull().default(""),
    /** insert | update | remove | export */
    action: varchar("action", { length: 16 }).notNull().default(""),
    /** Comma-separated ids written. */
    recordIds: text("record_ids").notNull().default(""),
    /** JSON: changed fields only, before/after; secrets never included. */
    summary: text("summary").notNull().default(""),
    ip: varchar("ip", { length: 64 }).notNull().default(""),
    userAgent: varchar("user_agent", { length: 500 }).notNull().default(""),
    createTime: dateTime("create_time").notNull(),
    prevHash: varchar("prev_hash", { length: 64 }).notNull().default(""),
    hash: varchar("hash", { length: 64 }).notNull(),
  },
  (t) => [
    index("blade_log_operation_tenant_time_idx").on(t.tenantId, t.createTime),
    uniqueIndex("blade_log_operation_tenant_seq_uq").on(t.tenantId, t.seq),
  ],
);
