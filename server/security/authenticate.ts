import type { Context } from "hono";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { DEFAULT_TENANT_ID } from "../../domain/contract";
import type { AppContext } from "../context";
import type { Db } from "../db/connection";
import { isId, splitIds } from "../db/ids";
import { readThrough, tablesIn } from "../db/data-version";
import { formatDateTime } from "../db/time";
import { unauthorized } from "../http/errors";
import { GUEST_USER_ID, isPlatformAdministrator, type ApiScopeRule, type Caller } from "./caller";
import type { DataScopeRule } from "./data-scope";
import { revokeTenantSessions } from "./sessions";
import { packageAllows } from "./tenants";
import { verifyToken, type AccessClaims } from "./tokens";
import { dbOf, type Handle } from "./handle";

/**
 * Who is calling, read from the database on every request: the token only names a live session.
 * Roles, departments, the account's status and the tenant's come from their rows in the same
 * statement that checks the session, so a demotion, a disabled account or tenant, or a revoked
 * session takes effect at the very next request — and so do the grants of the permission codes
 * the route asks for, within the tenant's package. One statement on the common path, however many
 * codes are asked.
 */
interface Row extends Record<string, unknown> {
  session_user: string;
  tenant_id: string;
  expires_at: string | number;
  chosen_dept: string;
  chosen_role: string;
  user_id: string | null;
  account: string | null;
  real_name: string | null;
  user_dept: string | null;
  user_role: string | null;
  user_status: number | null;
  tenant_status: number | null;
  tenant_expire: string | null;
  /** "id:alias" pairs of the roles in effect (the session's choice within the user's live roles). */
  roles: string | null;
  granted: string[] | null;
  data_scopes: DataScopeRule[] | string | null;
  api_scopes: ApiScopeRule[] | string | null;
}

/** json columns: parsed by PGlite and node-postgres alike, but a string is tolerated. */
const jsonList = <T>(value: T[] | string | null): T[] => (typeof value === "string" ? (JSON.parse(value) as T[]) : (value ?? []));

/**
 * The session row a request's token names (user, tenant, the switch choice, expiry). The token's
 * tenant is part of the key, so on Citus the read goes to that tenant's shard alone.
 */
const sessionSource = (sessionId: string, tenantId: string) => sql`
  select user_id, tenant_id, dept_id, role_id, expires_at from blade_auth_session where id = ${sessionId} and tenant_id = ${tenantId} and revoked = 0`;

/** A user as a session of all their roles and departments would see them (the explainer's question). */
const userSource = (tenantId: string, userId: string) => sql`
  select id as user_id, tenant_id, '' as dept_id, '' as role_id, ${Number.MAX_SAFE_INTEGER}::bigint as expires_at
  from blade_user where id = ${userId} and tenant_id = ${tenantId} and is_deleted = 0`;

function statement(source: SQL, codes: string[]) {
  // Role ids are compared as text: the user row keeps them as a comma list (BladeX), and a cast of
  // a malformed list must not turn a request into a 500.
  return sql<Row>`
    with s as (${source}), u as (
      select id, account, real_name, dept_id, role_id, status from blade_user
      where id = (select user_id from s) and tenant_id = (select tenant_id from s) and is_deleted = 0
    ), r as (
      select r.id, r.role_alias, array_position(string_to_array(u.role_id, ','), r.id::text) as pos
      from blade_role r, s, u
      where r.tenant_id = s.tenant_id and r.is_deleted = 0
        and r.id::text = any(string_to_array(u.role_id, ','))
        and (s.role_id = '' or r.id::text = any(string_to_array(s.role_id, ',')))
    )
    select s.user_id::text as session_user, s.tenant_id, s.expires_at, s.dept_id as chosen_dept, s.role_id as chosen_role,
      u.id::text as user_id, u.account, u.real_name, u.dept_id as user_dept, u.role_id as user_role, u.status as user_status,
      t.status as tenant_status, to_char(t.expire_time, 'YYYY-MM-DD HH24:MI:SS') as tenant_expire,
      (select string_agg(r.id::text || ':' || r.role_alias, ',' order by r.pos) from r) as roles,
      array(select distinct m.code from blade_role_menu rm join blade_menu m on m.id = rm.menu_id
            where rm.role_id in (select id from r) and m.is_deleted = 0
              and m.code = any(${`{${codes.map((c) => `"${c}"`).join(",")}}`}::text[])
              -- The tenant's package: its users hold no menu or button outside it, whatever their roles say.
              and ${packageAllows(sql`(select tenant_id from s)`, sql`m.id`)}) as granted,
      (select json_agg(json_build_object('menuCode', m.code, 'scopeType', d.scope_type, 'scopeColumn', d.scope_column, 'scopeValue', d.scope_value))
        from blade_role_scope rs join blade_scope_data d on d.id = rs.scope_id join blade_menu m on m.id = d.menu_id
        where rs.scope_category = 1 and rs.role_id in (select id from r) and d.is_deleted = 0 and d.status = 1 and m.is_deleted = 0) as data_scopes,
      (select json_agg(json_build_object('path', a.scope_path, 'held', exists(
          select 1 from blade_role_scope rs where rs.scope_category = 2 and rs.scope_id = a.id and rs.role_id in (select id from r))))
        from blade_scope_api a where a.is_deleted = 0 and a.status = 1 and a.scope_path <> '') as api_scopes
    from s
    left join u on true
    left join blade_tenant t on t.tenant_id = s.tenant_id and t.is_deleted = 0`;
}

let tables: string[] | undefined;
/** The tables the caller's statement reads: a write elsewhere (a log row) leaves its answer valid. */
const callerTables = () => (tables ??= tablesIn(new PgDialect().sqlToQuery(statement(sessionSource("0", "0"), [])).sql));

export const MSG_TENANT_DISABLED = "租户已被禁用,请联系管理员";
export const MSG_TENANT_EXPIRED = "租户授权已过期,请联系管理员";
export const MSG_USER_DISABLED = "该账号已被禁用,请联系管理员";
export const MSG_USER_MISSING = "账号不存在";

/** Why the row's user may do nothing at all (tenant, account), or null. */
function refusal(row: Row, now: number): string | null {
  if (row.tenant_status !== 1) return MSG_TENANT_DISABLED;
  if (row.tenant_id !== DEFAULT_TENANT_ID && row.tenant_expire && row.tenant_expire < formatDateTime(new Date(now))) return MSG_TENANT_EXPIRED;
  if (row.user_id === null) return MSG_USER_MISSING;
  if (row.user_status !== 1) return MSG_USER_DISABLED;
  return null;
}

const TENANT_REFUSALS: Record<string, string> = { [MSG_TENANT_DISABLED]: "tenant_disabled", [MSG_TENANT_EXPIRED]: "tenant_expired" };

/**
 * A refusal of the tenant ends all its sessions in the database: an expiry passes with time (no
 * write marks it), so the first request that notices it signs the tenant's users out for good —
 * their refresh tokens stop working and the online lists stop showing them.
 */
async function refused(db: Db, row: Row, why: string | null): Promise<boolean> {
  if (!why) return false;
  const reason = TENANT_REFUSALS[why];
  if (reason) await revokeTenantSessions(db, [row.tenant_id], reason);
  return true;
}

type CallerBase = Pick<Caller, "tenantId" | "clientId" | "sessionId" | "oauthId" | "isSystem">;

function callerOf(row: Row, base: CallerBase, codes: string[]): Caller {
  const roles = splitIds(row.roles ?? "").map((pair) => pair.split(":"));
  const roleAliases = roles.map(([, alias]) => alias);
  const ownDepts = splitIds(row.user_dept ?? "");
  const chosenDepts = splitIds(row.chosen_dept).filter((d) => ownDepts.includes(d));
  const granted = new Set(row.granted ?? []);
  return {
    ...base,
    userId: row.user_id!,
    account: row.account ?? "",
    realName: row.real_name ?? "",
    deptIds: chosenDepts.length ? chosenDepts : ownDepts,
    roleIds: roles.map(([id]) => id),
    roleAliases,
    isAdministrator: isPlatformAdministrator(row.tenant_id, roleAliases),
    isGuest: false,
    granted: new Map(codes.map((c) => [c, granted.has(c)])),
    dataScopes: jsonList(row.data_scopes),
    apiScopes: jsonList(row.api_scopes),
  };
}

async function loadCaller(db: Db, claims: AccessClaims, now: number, codes: string[]): Promise<Caller | null> {
  if (!isId(claims.sid)) return null;
  // Read through the embedded database's version: unchanged data, unchanged answer (the clock is
  // checked below, on every request).
  const sid = claims.sid;
  const tenantId = String(claims.tenant_id);
  const result = await readThrough(
    db,
    () => `caller ${sid} ${tenantId} ${codes.join(",")}`,
    () => db.execute<Row>(statement(sessionSource(sid, tenantId), codes)),
    callerTables(),
    // One session and one account: another user's edit or a sign-in elsewhere keeps this answer;
    // a change to this session or account, or to any role, menu, scope or tenant, does not.
    (found) => {
      const row = (found as unknown as { rows: Row[] }).rows[0];
      return row?.session_user ? { blade_auth_session: [sid], blade_user: [row.session_user] } : undefined;
    },
  );
  const row = (result as unknown as { rows: Row[] }).rows[0];
  if (!row || row.session_user !== claims.user_id || row.tenant_id !== claims.tenant_id) return null;
  if (Number(row.expires_at) <= now) return null;
  const base = {
    tenantId: row.tenant_id,
    clientId: claims.client_id,
    sessionId: claims.sid,
    oauthId: claims.oauth_id ?? "",
    isSystem: false,
  };
  if (claims.user_id === GUEST_USER_ID) {
    // A guest has no account row: only the tenant can refuse it.
    if (await refused(db, row, refusal({ ...row, user_id: GUEST_USER_ID, user_status: 1 }, now))) return null;
    return {
      ...base,
      userId: GUEST_USER_ID,
      account: claims.account,
      realName: claims.real_name,
      deptIds: [],
      roleIds: [],
      roleAliases: [],
      isAdministrator: false,
      isGuest: true,
      granted: new Map(codes.map((c) => [c, false])),
    };
  }
  if (await refused(db, row, refusal(row, now))) return null;
  return callerOf(row, base, codes);
}

/**
 * A user of `tenantId` as the server would see them at a request from a session of all their
 * roles and departments — by the very statement that authenticates requests — or why it would
 * refuse them outright. For explaining access, never for granting it.
 */
export async function evaluateUser(
  handle: Handle,
  tenantId: string,
  userId: string,
  codes: string[],
  now: number,
): Promise<{ caller: Caller | null; refusal: string | null }> {
  const db = dbOf(handle);
  const valid = codes.filter((code) => CODE.test(code));
  const result = await db.execute<Row>(statement(userSource(tenantId, userId), valid));
  const row = (result as unknown as { rows: Row[] }).rows[0];
  if (!row) return { caller: null, refusal: MSG_USER_MISSING };
  const why = refusal(row, now);
  const base = { tenantId, clientId: "", sessionId: "", oauthId: "", isSystem: false };
  return { caller: why ? null : callerOf(row, base, valid), refusal: why };
}

/** A permission code as stored: anything else cannot be granted, and must not reach the SQL array. */
const CODE = /^[A-Za-z0-9_:.-]{1,255}$/;

/**
 * Blade-Auth: `bearer <jwt>` only; a token in the URL is never looked at. `codes` are the
 * permission codes the route may check, answered in the same statement.
 */
export async function authenticate(ctx: AppContext, c: Context, codes: string[] = []): Promise<Caller> {
  const match = /^bearer\s+(\S+)$/i.exec((c.req.header("blade-auth") ?? "").trim());
  if (!match) throw unauthorized();
  const now = ctx.now();
  const claims = await verifyToken<AccessClaims>(ctx.jwtKey, match[1], "access_token", now);
  const caller = claims && (await loadCaller(dbOf(ctx), claims, now, codes.filter((code) => CODE.test(code))));
  if (!caller) throw unauthorized();
  return caller;
}
