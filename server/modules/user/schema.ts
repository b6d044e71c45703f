import { sql } from "drizzle-orm";
import { tenantTable } from "../../db/tenant-table";
import { index, integer, pgTable, smallint, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { auditColumns, dateTime, id, tenantId } from "../../db/columns";

export const user = tenantTable(
  "blade_user",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    code: varchar("code", { length: 12 }).notNull().default(""),
    userType: integer("user_type").notNull().default(1),
    account: varchar("account", { length: 45 }).notNull(),
    /** Our scrypt encoding, or a legacy BladeX sha1(md5) hex awaiting upgrade at next login. */
    password: varchar("password", { length: 255 }).notNull(),
    name: varchar("name", { length: 20 }).notNull().default(""),
    realName: varchar("real_name", { length: 20 }).notNull().default(""),
    avatar: varchar("avatar", { length: 2000 }).notNull().default(""),
    email: varchar("email", { length: 45 }).notNull().default(""),
    phone: varchar("phone", { length: 45 }).notNull().default(""),
    birthday: dateTime("birthday"),
    sex: smallint("sex").notNull().default(3),
    roleId: varchar("role_id", { length: 1000 }).notNull().default(""),
    deptId: varchar("dept_id", { length: 1000 }).notNull().default(""),
    postId: varchar("post_id", { length: 1000 }).notNull().default(""),
    /** §3's ID types 0–5 (dictionary id_type); null when none was given. */
    idType: smallint("id_type"),
    idNumber: varchar("id_number", { length: 20 }).notNull().default(""),
    ...auditColumns(),
  },
  // Partial: a logically deleted account frees its name, as in Blade.
  (t) => [
    uniqueIndex("blade_user_account_uq").on(t.tenantId, t.account).where(sql`${t.isDeleted} = 0`),
    // Identity sources match an unlinked account by its mail (user synchronisers, SCIM).
    index("blade_user_tenant_email_idx").on(t.tenantId, t.email).where(sql`${t.isDeleted} = 0`),
    // The user page's default order, per tenant and across tenants (platform administrator).
    index("blade_user_tenant_created_idx").on(t.tenantId, t.createTime.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.isDeleted} = 0`),
    index("blade_user_created_idx").on(t.createTime.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.isDeleted} = 0`),
  ],
);

/** user ↔ dept pairs mirroring user.dept_id, so "users of a dept subtree" is a join, not a LIKE. */
export const userDept = pgTable(
  "blade_user_dept",
  { id: id("id").primaryKey(), userId: id("user_id").notNull(), deptId: id("dept_id").notNull() },
  (t) => [index("blade_user_dept_user_idx").on(t.userId), index("blade_user_dept_dept_idx").on(t.deptId)],
);

/**
 * The extension of a user on one platform (BladeX keeps blade_user_web, blade_user_app and
 * blade_user_other, each user_id + user_ext; here one table keyed by the platform, user_type).
 */
export const userExt = tenantTable(
  "blade_user_ext",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    userId: id("user_id").notNull(),
    userType: integer("user_type").notNull(),
    userExt: varchar("user_ext", { length: 2000 }).notNull().default(""),
    ...auditColumns(),
  },
  (t) => [uniqueIndex("blade_user_ext_uq").on(t.tenantId, t.userId, t.userType).where(sql`${t.isDeleted} = 0`)],
);
