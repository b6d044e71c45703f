import { boolean, index, integer, pgTable, varchar } from "drizzle-orm/pg-core";
import { tenantTable } from "../../db/tenant-table";
import { dateTime, epochMs, id } from "../../db/columns";

/**
 * The password policy of a tenant (one row per tenant; 000000's is the platform's, which a tenant
 * without its own follows). A settings row, never deleted logically: saving replaces it.
 */
export const passwordPolicy = pgTable("blade_password_policy", {
  tenantId: varchar("tenant_id", { length: 12 }).primaryKey(),
  minLength: integer("min_length").notNull(),
  maxLength: integer("max_length").notNull(),
  requireDigits: boolean("require_digits").notNull(),
  requireUpper: boolean("require_upper").notNull(),
  requireLower: boolean("require_lower").notNull(),
  requireSpecial: boolean("require_special").notNull(),
  rejectWeak: boolean("reject_weak").notNull(),
  expireDays: integer("expire_days").notNull(),
  historyCount: integer("history_count").notNull(),
  lockThreshold: integer("lock_threshold").notNull(),
  lockMinutes: integer("lock_minutes").notNull(),
  updateUser: id("update_user"),
  updateTime: dateTime("update_time"),
});

/**
 * Every password a user has been given, newest last: the history rule compares a new password
 * with the latest ones, and the newest row's time is when the current password was set (expiry).
 * Only the same salted hash the user table stores, never the password.
 */
export const passwordHistory = tenantTable(
  "blade_password_history",
  {
    id: id("id").notNull(),
    tenantId: varchar("tenant_id", { length: 12 }).notNull(),
    userId: id("user_id").notNull(),
    password: varchar("password", { length: 255 }).notNull(),
    createdAt: epochMs("created_at").notNull(),
    /**
     * Set when an administrator's reset asks for a change at the next sign-in: the newest row
     * flagged makes the password due like an expired one (sign-in refuses a session, the user
     * changes it through updateExpiredPassword, whose new row is not flagged).
     */
    mustChange: boolean("must_change").notNull().default(false),
  },
  (t) => [index("blade_password_history_user_idx").on(t.userId, t.createdAt)],
);
