import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { dept, syncLink, user, userDept } from "../../db/schema";
import { isId } from "../../db/ids";
import type { TenantScope } from "../../security/tenant-scope";
import { invalidFilter, invalidSyntax, invalidValue, notFound } from "./errors";
import { parseFilter, type CompareOp, type FilterValue } from "./filter";
import { compareText, compileFilter, isoTime, paging, type Attrs } from "./query";
import { GROUP_SCHEMA, GROUP_SHAPE, LIST_RESPONSE } from "./schemas";
import { externalIdsOf, LOCAL_EXTERNAL, SCIM_SYNC_ID, version, type ScimResource } from "./users";
import { memberIds, type DeptRow, type GroupChange } from "./write";

/**
 * Groups (RFC 7643 §4.2) are the tenant's DEPARTMENTS: displayName ↔ deptName, members ↔ the users
 * whose departments include it (user_dept), id ↔ the department id.
 */

export const MSG_GROUP_NOT_FOUND = "机构不存在";
const NAME_MAX = 45;

function groupAttrs(scope: TenantScope): Attrs {
  return {
    id: { kind: "id", column: dept.id },
    displayname: { kind: "string", column: dept.deptName },
    "meta.created": { kind: "date", column: dept.createTime },
    "meta.lastmodified": { kind: "date", column: dept.updateTime },
    externalid: (op: CompareOp | "pr", value: FilterValue) => {
      // A department's SCIM link: the external id the identity provider gave at creation.
      const ours = sql`${syncLink.externalId} not like ${`${LOCAL_EXTERNAL}%`}`;
      const where = and(eq(syncLink.synchronizerId, SCIM_SYNC_ID), eq(syncLink.objectType, "dept"), ours, compareText(syncLink.externalId, op, value));
      return inArray(dept.id, scope.links(syncLink).select({ id: syncLink.localId }, where));
    },
    // members[value eq "…"]: the groups a user belongs to.
    "members.value": (op: CompareOp | "pr", value: FilterValue) => {
      if (op !== "eq" || typeof value !== "string") throw invalidFilter("members 只支持 value eq 过滤");
      if (!isId(value)) return sql`false`;
      return inArray(dept.id, scope.platform(userDept).select({ id: userDept.deptId }, eq(userDept.userId, value)));
    },
  };
}

export async function findGroup(scope: TenantScope, id: string): Promise<DeptRow> {
  const [row] = isId(id) ? await scope.repo(dept).list(eq(dept.id, id), { limit: 1 }) : [];
  if (!row) throw notFound(`${MSG_GROUP_NOT_FOUND}: ${id}`);
  return row;
}

async function renderGroups(scope: TenantScope, rows: DeptRow[], base: string, withMembers: boolean): Promise<ScimResource[]> {
  const externals = await externalIdsOf(scope, "dept", rows.map((r) => r.id));
  const out: ScimResource[] = [];
  for (const row of rows) {
    const ids = withMembers ? await memberIds(scope, row.id) : [];
    const members = ids.length ? await scope.repo(user).list(inArray(user.id, ids), { orderBy: [asc(user.id)] }) : [];
    const externalId = externals.get(row.id);
    out.push({
      schemas: [GROUP_SCHEMA],
      id: row.id,
      ...(externalId && !externalId.startsWith(LOCAL_EXTERNAL) && { externalId }),
      displayName: row.deptName,
      ...(withMembers && { members: members.map((m) => ({ value: m.id, display: m.realName || m.account, $ref: `${base}/Users/${m.id}`, type: "User" })) }),
      meta: { resourceType: "Group", created: isoTime(row.createTime), lastModified: isoTime(row.updateTime), location: `${base}/Groups/${row.id}`, version: version(row.id, row.updateTime) },
    });
  }
  return out;
}

/** `excludedAttributes=members` (Entra ID asks so): a group without its member list. */
const withMembers = (query: Record<string, string>) => !(query.excludedAttributes ?? "").toLowerCase().split(",").map((s) => s.trim()).includes("members");

export async function getGroup(scope: TenantScope, id: string, base: string, query: Record<string, string> = {}): Promise<ScimResource> {
  return (await renderGroups(scope, [await findGroup(scope, id)], base, withMembers(query)))[0];
}

export async function listGroups(scope: TenantScope, query: Record<string, string>, base: string) {
  const { startIndex, count } = paging(query);
  const where = query.filter?.trim() ? compileFilter(parseFilter(query.filter), groupAttrs(scope)) : undefined;
  const repo = scope.repo(dept);
  const total = await repo.count(where);
  const page = count === 0 ? [] : ((await repo.select({ id: dept.id }, where).orderBy(asc(dept.createTime), asc(dept.id)).limit(count).offset(startIndex - 1)) as { id: string }[]);
  const rows = page.length ? await repo.list(inArray(dept.id, page.map((r) => r.id)), { orderBy: [asc(dept.createTime), asc(dept.id)] }) : [];
  const resources = await renderGroups(scope, rows, base, withMembers(query));
  return { schemas: [LIST_RESPONSE], totalResults: total, startIndex, itemsPerPage: resources.length, Resources: resources };
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** A SCIM Group body (POST, PUT, or a patched group) → what the department and its members become. */
export function groupChange(body: ScimResource): GroupChange {
  const schemas = body.schemas;
  if (!Array.isArray(schemas) || !schemas.includes(GROUP_SCHEMA)) throw invalidSyntax(`schemas 须含 ${GROUP_SCHEMA}`);
  const b = new Map<string, unknown>();
  for (const [k, v] of Object.entries(body)) {
    if (!GROUP_SHAPE.attrs.has(k.toLowerCase())) throw invalidSyntax(`未知属性「${k}」`);
    b.set(k.toLowerCase(), v);
  }
  const name = b.get("displayname");
  if (typeof name !== "string" || !name.trim()) throw invalidValue("displayName 为必填");
  if (name.trim().length > NAME_MAX) throw invalidValue(`displayName 不能超过${NAME_MAX}个字符`);
  const members = b.get("members") ?? [];
  if (!Array.isArray(members)) throw invalidValue("members 须是数组");
  const ids = members.map((m) => {
    const value = isObject(m) ? m.value : undefined;
    if (typeof value !== "string" || !isId(value)) throw invalidValue("members 的每一项须有用户 id（value）");
    return value;
  });
  const externalId = b.get("externalid");
  if (externalId !== undefined && externalId !== null && typeof externalId !== "string") throw invalidValue("externalId 须是字符串");
  return { displayName: name.trim(), members: [...new Set(ids)], ...(typeof externalId === "string" && externalId.trim() && { externalId: externalId.trim() }) };
}
