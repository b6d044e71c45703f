import { createHash } from "node:crypto";
import { and, asc, eq, inArray, like, sql, type SQL } from "drizzle-orm";
import { dept, syncLink, user } from "../../db/schema";
import { isId, splitIds } from "../../db/ids";
import type { TenantScope } from "../../security/tenant-scope";
import { invalidSyntax, invalidValue, notFound } from "./errors";
import { parseFilter, type CompareOp, type FilterValue } from "./filter";
import { compareText, compileFilter, isoTime, paging, type Attrs } from "./query";
import { ENTERPRISE_USER, LIST_RESPONSE, USER_SCHEMA, USER_SHAPE } from "./schemas";

/**
 * Users as SCIM shows them (RFC 7643 §4.1) and the values a SCIM User carries for the writer:
 * userName ↔ account, name.formatted (or givenName + familyName) ↔ realName, displayName ↔ name,
 * the primary email ↔ email, the first phone number ↔ phone, active ↔ status 1/0, externalId ↔ the
 * SCIM link (synchronizerId "0"); groups are the user's departments (read-only here).
 */

export const SCIM_SYNC_ID = "0";
/** External ids this service made up for users and departments the identity provider never named: never shown. */
export const LOCAL_EXTERNAL = "#";
export const MSG_USER_NOT_FOUND = "用户不存在";

export type UserRow = typeof user.$inferSelect;
export type ScimResource = Record<string, unknown>;

const linkOf = (objectType: "user" | "dept", where: SQL) => and(eq(syncLink.synchronizerId, SCIM_SYNC_ID), eq(syncLink.objectType, objectType), where)!;

/** The SCIM links of these local users: local id → external id (made-up ones included). */
export async function externalIdsOf(scope: TenantScope, objectType: "user" | "dept", localIds: string[]): Promise<Map<string, string>> {
  if (localIds.length === 0) return new Map();
  const rows = await scope.links(syncLink).list(linkOf(objectType, inArray(syncLink.localId, localIds)));
  return new Map(rows.map((r) => [r.localId, r.externalId]));
}

/** `externalId op value` over the SCIM links: the users whose link matches. */
const externalIdSql =
  (scope: TenantScope, objectType: "user" | "dept", idColumn: typeof user.id | typeof dept.id) =>
  (op: CompareOp | "pr", value: FilterValue): SQL => {
    const ours = sql`${syncLink.externalId} not like ${`${LOCAL_EXTERNAL}%`}`;
    const sub = scope.links(syncLink).select({ id: syncLink.localId }, linkOf(objectType, and(ours, compareText(syncLink.externalId, op, value))!));
    return inArray(idColumn, sub);
  };

export function userAttrs(scope: TenantScope): Attrs {
  const always = () => sql`true`;
  return {
    id: { kind: "id", column: user.id },
    username: { kind: "string", column: user.account },
    displayname: { kind: "string", column: user.name },
    "name.formatted": { kind: "string", column: user.realName },
    emails: { kind: "string", column: user.email },
    "emails.value": { kind: "string", column: user.email },
    "emails.type": always,
    "emails.primary": always,
    phonenumbers: { kind: "string", column: user.phone },
    "phonenumbers.value": { kind: "string", column: user.phone },
    "phonenumbers.type": always,
    active: { kind: "active", column: user.status },
    "meta.created": { kind: "date", column: user.createTime },
    "meta.lastmodified": { kind: "date", column: user.updateTime },
    externalid: externalIdSql(scope, "user", user.id),
  };
}

export const version = (id: string, updateTime: string | null) => `W/"${createHash("sha256").update(`${id}:${updateTime ?? ""}`).digest("hex").slice(0, 16)}"`;

/** One user as SCIM shows it. */
export function toScimUser(row: UserRow, externalId: string | undefined, deptNames: Map<string, string>, base: string): ScimResource {
  const deptIds = splitIds(row.deptId).filter((id) => deptNames.has(id));
  return {
    schemas: [USER_SCHEMA],
    id: row.id,
    ...(externalId && !externalId.startsWith(LOCAL_EXTERNAL) && { externalId }),
    userName: row.account,
    ...(row.realName && { name: { formatted: row.realName } }),
    ...(row.name && { displayName: row.name }),
    active: row.status === 1,
    emails: row.email ? [{ value: row.email, type: "work", primary: true }] : [],
    phoneNumbers: row.phone ? [{ value: row.phone, type: "work" }] : [],
    groups: deptIds.map((id) => ({ value: id, display: deptNames.get(id), $ref: `${base}/Groups/${id}`, type: "direct" })),
    meta: { resourceType: "User", created: isoTime(row.createTime), lastModified: isoTime(row.updateTime), location: `${base}/Users/${row.id}`, version: version(row.id, row.updateTime) },
  };
}

/** Rows as SCIM Users, with their external ids and department names in two reads. */
export async function renderUsers(scope: TenantScope, rows: UserRow[], base: string): Promise<ScimResource[]> {
  const externals = await externalIdsOf(scope, "user", rows.map((r) => r.id));
  const deptIds = [...new Set(rows.flatMap((r) => splitIds(r.deptId)))];
  const names = new Map(deptIds.length ? (await scope.repo(dept).list(inArray(dept.id, deptIds))).map((d) => [d.id, d.deptName]) : []);
  return rows.map((r) => toScimUser(r, externals.get(r.id), names, base));
}

export async function findUser(scope: TenantScope, id: string): Promise<UserRow> {
  const [row] = isId(id) ? await scope.repo(user).list(eq(user.id, id), { limit: 1 }) : [];
  if (!row) throw notFound(`${MSG_USER_NOT_FOUND}: ${id}`);
  return row;
}

export async function getUser(scope: TenantScope, id: string, base: string): Promise<ScimResource> {
  return (await renderUsers(scope, [await findUser(scope, id)], base))[0];
}

/** GET /Users: filter, startIndex and count (RFC 7644 §3.4.2), oldest first so pages are stable. */
export async function listUsers(scope: TenantScope, query: Record<string, string>, base: string) {
  const { startIndex, count } = paging(query);
  const where = query.filter?.trim() ? compileFilter(parseFilter(query.filter), userAttrs(scope)) : undefined;
  const repo = scope.repo(user);
  const total = await repo.count(where);
  const rows = count === 0 ? [] : ((await repo.select({ id: user.id }, where).orderBy(asc(user.createTime), asc(user.id)).limit(count).offset(startIndex - 1)) as { id: string }[]);
  const full = rows.length ? await repo.list(inArray(user.id, rows.map((r) => r.id)), { orderBy: [asc(user.createTime), asc(user.id)] }) : [];
  const resources = await renderUsers(scope, full, base);
  return { schemas: [LIST_RESPONSE], totalResults: total, startIndex, itemsPerPage: resources.length, Resources: resources };
}

/** Users whose account is `account` in any case (SCIM's userName is not case-exact). */
export const accountIs = (account: string) => sql`lower(${user.account}) = ${account.toLowerCase()}`;
export const accountLike = (pattern: string) => like(user.account, pattern);

// ---------------------------------------------------------------------------------------------
// A SCIM User body → the values the writer takes

/** What a SCIM User says of the local columns; `externalId` undefined when it names none. */
export interface UserValues {
  externalId?: string;
  account: string;
  name: string;
  realName: string;
  email: string;
  phone: string;
  active: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const keyed = (obj: Record<string, unknown>) => new Map(Object.entries(obj).map(([k, v]) => [k.toLowerCase(), v]));

function text(v: unknown, attr: string): string {
  if (v === undefined || v === null) return "";
  if (typeof v !== "string") throw invalidValue(`${attr} 须是字符串`);
  return v.trim();
}

/** `true`, `false`, or the strings Entra ID sends ("True", "False"). */
export function bool(v: unknown, attr: string): boolean {
  if (typeof v === "boolean") return v;
  if (typeof v === "string" && /^(true|false)$/i.test(v)) return v.toLowerCase() === "true";
  throw invalidValue(`${attr} 须是 true 或 false`);
}

function firstValue(v: unknown, attr: string, preferPrimary: boolean): string {
  if (v === undefined || v === null) return "";
  if (!Array.isArray(v)) throw invalidValue(`${attr} 须是数组`);
  const items = v.map((e) => {
    if (!isObject(e)) throw invalidValue(`${attr} 的每一项须是对象`);
    return keyed(e);
  });
  const chosen = (preferPrimary && items.find((e) => e.get("primary") === true || e.get("primary") === "true")) || items[0];
  return chosen ? text(chosen.get("value"), `${attr}.value`) : "";
}

/**
 * The columns of a SCIM User (POST, PUT, or a patched resource): schemas must name the User
 * schema, attributes outside RFC 7643's User are refused, userName is required.
 * `formattedBefore`: on a PATCH, the real name as the resource showed it — a patch that set
 * givenName or familyName without a new formatted name renames from those.
 */
export function userValues(body: ScimResource, formattedBefore?: string): UserValues {
  const schemas = body.schemas;
  if (!Array.isArray(schemas) || !schemas.some((s) => s === USER_SCHEMA)) throw invalidSyntax(`schemas 须含 ${USER_SCHEMA}`);
  for (const key of Object.keys(body)) {
    if (!USER_SHAPE.attrs.has(key.toLowerCase()) && key !== ENTERPRISE_USER) throw invalidSyntax(`未知属性「${key}」`);
  }
  const b = keyed(body);
  const account = text(b.get("username"), "userName");
  if (!account) throw invalidValue("userName 为必填");
  let realName = "";
  const name = b.get("name");
  if (name !== undefined && name !== null) {
    if (!isObject(name)) throw invalidValue("name 须是对象");
    const n = keyed(name);
    const formatted = text(n.get("formatted"), "name.formatted");
    const given = text(n.get("givenname"), "name.givenName");
    const family = text(n.get("familyname"), "name.familyName");
    // 张 + 三 → 张三 (family name first, no space); Ada + Lovelace → "Ada Lovelace".
    const cjk = /[\u3040-\u9fff\uac00-\ud7af]/.test(given + family);
    const fromParts = (cjk ? [family, given] : [given, family]).filter(Boolean).join(cjk ? "" : " ");
    realName = formatted && (formatted !== formattedBefore || !fromParts) ? formatted : fromParts || formatted;
  }
  const externalId = b.get("externalid");
  const active = b.get("active");
  return {
    ...(externalId !== undefined && externalId !== null && { externalId: text(externalId, "externalId") }),
    account,
    name: text(b.get("displayname"), "displayName"),
    realName,
    email: firstValue(b.get("emails"), "emails", true),
    phone: firstValue(b.get("phonenumbers"), "phoneNumbers", false),
    active: active === undefined || active === null ? true : bool(active, "active"),
  };
}
