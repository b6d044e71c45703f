import { index, integer, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { tenantTable } from "../../db/tenant-table";
import { auditColumns, id, parentId, tenantId } from "../../db/columns";

/**
 * Application directories (bladeApplicationDirectory/*): a tree per tenant that files applications
 * for the resource centre. status 1 started, 0 stopped: a stopped directory hides itself, its
 * sub-directories and their applications from every resource view at once.
 */
export const appDirectory = tenantTable(
  "blade_app_directory",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    parentId: parentId(),
    directoryName: varchar("directory_name", { length: 64 }).notNull(),
    directoryCode: varchar("directory_code", { length: 64 }).notNull(),
    sort: integer("sort").notNull().default(0),
    icon: varchar("icon", { length: 255 }).notNull().default(""),
    /** One uploaded attachment (a file link of the generic upload widget), "" = none. */
    attachment: varchar("attachment", { length: 500 }).notNull().default(""),
    /** The user who owns the directory (first approver of a two-step request); "0" = none. */
    ownerId: id("owner_id").notNull().default("0"),
    description: varchar("description", { length: 255 }).notNull().default(""),
    ...auditColumns(),
  },
  (t) => [index("blade_app_directory_tenant_idx").on(t.tenantId, t.parentId)],
);

/** The applications a directory holds; an application may be filed in several directories. */
export const appDirectoryApp = tenantTable(
  "blade_app_directory_app",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    directoryId: id("directory_id").notNull(),
    appId: id("app_id").notNull(),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [uniqueIndex("blade_app_directory_app_uq").on(t.tenantId, t.directoryId, t.appId), index("blade_app_directory_app_app_idx").on(t.appId)],
);

/** Directories given to an application role (addAppDirectory): its holders see the directories' applications. */
export const appRoleDirectory = tenantTable(
  "blade_app_role_directory",
  { id: id("id").notNull(), tenantId: tenantId(), appRoleId: id("app_role_id").notNull(), directoryId: id("directory_id").notNull() },
  (t) => [uniqueIndex("blade_app_role_directory_uq").on(t.tenantId, t.appRoleId, t.directoryId), index("blade_app_role_directory_dir_idx").on(t.directoryId)],
);
