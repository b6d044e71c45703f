import { sql } from "drizzle-orm";
import { integer, pgTable, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { auditColumns, dateTime, id } from "../../db/columns";

/** The tenants themselves: tenant_id is the tenant's own code here, not an owner. */
export const tenant = pgTable(
  "blade_tenant",
  {
    id: id("id").primaryKey(),
    tenantId: varchar("tenant_id", { length: 12 }).notNull(),
    tenantName: varchar("tenant_name", { length: 50 }).notNull(),
    domain: varchar("domain", { length: 255 }).notNull().default(""),
    backgroundUrl: varchar("background_url", { length: 1000 }).notNull().default(""),
    linkman: varchar("linkman", { length: 20 }).notNull().default(""),
    contactNumber: varchar("contact_number", { length: 20 }).notNull().default(""),
    address: varchar("address", { length: 255 }).notNull().default(""),
    accountNumber: integer("account_number").notNull().default(-1),
    expireTime: dateTime("expire_time"),
    packageId: id("package_id"),
    datasourceId: id("datasource_id"),
    ...auditColumns(),
  },
  (t) => [uniqueIndex("blade_tenant_tenant_id_uq").on(t.tenantId).where(sql`${t.isDeleted} = 0`)],
);

/**
 * BladeX's tenant packages (blade_tenant_package): a name and the menus (and buttons) a tenant
 * holding it may use, as BladeX keeps them, a comma list of menu ids. Platform-wide: no tenant_id.
 */
export const tenantPackage = pgTable("blade_tenant_package", {
  id: id("id").primaryKey(),
  packageName: varchar("package_name", { length: 50 }).notNull(),
  // text, not BladeX's varchar(3000): a package of every menu is about 130 ids of 19 digits.
  menuId: text("menu_id").notNull().default(""),
  remark: varchar("remark", { length: 255 }).notNull().default(""),
  ...auditColumns(),
});
