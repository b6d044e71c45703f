import { bigint, customType, integer, timestamp, varchar } from "drizzle-orm/pg-core";

/**
 * A bigint id that JavaScript sees as a decimal string: 19-digit snowflake ids do not survive a
 * JS number, and the API sends them as strings anyway (Blade's ToStringSerializer).
 */
export const id = customType<{ data: string; driverData: string | number | bigint }>({
  dataType: () => "bigint",
  toDriver: (value) => value,
  fromDriver: (value) => String(value),
});

/** Local `YYYY-MM-DD HH:mm:ss` timestamps, see time.ts. */
export const dateTime = (name: string) => timestamp(name, { mode: "string", precision: 0 });

/** Milliseconds since the epoch, for security deadlines compared in code (never shown). */
export const epochMs = (name: string) => bigint(name, { mode: "number" });

/** BaseEntity of Blade: who and when, status (1 normal) and the logical-delete flag. */
export const auditColumns = () => ({
  createUser: id("create_user"),
  createDept: id("create_dept"),
  createTime: dateTime("create_time"),
  updateUser: id("update_user"),
  updateTime: dateTime("update_time"),
  status: integer("status").notNull().default(1),
  isDeleted: integer("is_deleted").notNull().default(0),
});

/** The owning tenant of a row (BladeX's 6-digit codes; 000000 is the platform's own). */
export const tenantId = () => varchar("tenant_id", { length: 12 }).notNull().default("000000");

/** The parent of a tree row; "0" at the top. */
export const parentId = () => id("parent_id").notNull().default("0");

/**
 * Raw bytes (uploaded files): node-postgres answers a Buffer, PGlite a Uint8Array. Written as a
 * plain Uint8Array view: PGlite under jsdom (console tests through MSW) refuses a Buffer
 * ("Invalid input for bytea type"), node-postgres takes either.
 */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => Buffer.from(value),
});
