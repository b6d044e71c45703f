import { index, integer, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { tenantTable } from "../../db/tenant-table";
import { auditColumns, id, parentId, tenantId } from "../../db/columns";

/** Application categories (bladeApplicationManageTree): a tree per tenant. */
export const appCategory = tenantTable(
  "blade_app_category",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    parentId: parentId(),
    categoryName: varchar("category_name", { length: 64 }).notNull(),
    sort: integer("sort").notNull().default(0),
    remark: varchar("remark", { length: 255 }).notNull().default(""),
    ...auditColumns(),
  },
  (t) => [index("blade_app_category_tenant_idx").on(t.tenantId)],
);

/** Applications the platform signs users into (app/*); status 1 enabled, 0 disabled (isEnable). */
export const app = tenantTable(
  "blade_app",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    /** The category (blade_app_category) it is filed under; "0" = none. */
    categoryId: id("category_id").notNull().default("0"),
    appName: varchar("app_name", { length: 64 }).notNull(),
    appCode: varchar("app_code", { length: 64 }).notNull(),
    appUrl: varchar("app_url", { length: 255 }).notNull().default(""),
    icon: varchar("icon", { length: 255 }).notNull().default(""),
    /** One uploaded attachment (a file link of the generic upload widget), "" = none. */
    attachment: varchar("attachment", { length: 500 }).notNull().default(""),
    description: varchar("description", { length: 255 }).notNull().default(""),
    sort: integer("sort").notNull().default(0),
    ...auditColumns(),
  },
  (t) => [index("blade_app_tenant_idx").on(t.tenantId, t.categoryId)],
);

/** An application's own roles (bladeApplicationRole), the 'permission groups' a role group binds. */
export const appRole = tenantTable(
  "blade_app_role",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    appId: id("app_id").notNull(),
    roleName: varchar("role_name", { length: 64 }).notNull(),
    roleCode: varchar("role_code", { length: 64 }).notNull(),
    sort: integer("sort").notNull().default(0),
    remark: varchar("remark", { length: 255 }).notNull().default(""),
    ...auditColumns(),
  },
  (t) => [index("blade_app_role_tenant_idx").on(t.tenantId, t.appId)],
);

/** Per-user application roles (addUserAppRole, bladeApplicationRole/addUser, getAppRole). */
export const userAppRole = tenantTable(
  "blade_user_app_role",
  { id: id("id").notNull(), tenantId: tenantId(), userId: id("user_id").notNull(), appRoleId: id("app_role_id").notNull() },
  (t) => [uniqueIndex("blade_user_app_role_uq").on(t.tenantId, t.userId, t.appRoleId), index("blade_user_app_role_role_idx").on(t.appRoleId)],
);
