import { readFileSync } from "node:fs";
import { Blob as NodeBlob } from "node:buffer";
import type { Hono } from "hono";
import { and, eq, inArray } from "drizzle-orm";
import type { TokenResponse } from "../../domain/contract";
import { createAppForDatabase } from "../app";
import type { AppContext } from "../context";
import { openDatabase, type Database, type Db } from "../db/connection";
import { nextId } from "../db/ids";
import { dept, menu, role, roleMenu, tenant, user, userDept } from "../db/schema";
import { userRoleMenus } from "../db/seed";
import { ensureTemplate, type Template } from "../db/template";
import { formatDateTime } from "../db/time";
import { errorLogger } from "../http/error-log";
import { LogCodeSender, type CodeMessage } from "../notify/sender";
import { hashPlainPassword, md5Hex } from "../security/password";
import { UNLIMITED, type RateRules } from "../security/rate-limit";
import type { OAuthProvider } from "../social/providers";
import { SimulatedOAuthProvider } from "./oauth-provider";

/**
 * A fresh app over its own in-memory copy of the template database, for tests of the server
 * (node) and of the console through MSW (jsdom). Time is adjustable so that tokens, captchas and
 * locks can be expired without waiting.
 */
export const TEST_CLIENT = { id: "saber", secret: "saber_secret" };
export const basicAuth = (id = TEST_CLIENT.id, secret = TEST_CLIENT.secret) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

export interface RequestOptions {
  method?: string;
  /** An access token, sent as `Blade-Auth: bearer …`. */
  token?: string;
  /** Sent as a JSON body. */
  json?: unknown;
  /** Query parameters. */
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoginOptions {
  tenantId?: string;
  grantType?: "password" | "captcha";
  headers?: Record<string, string>;
}

export interface FreshAppOptions {
  /**
   * The simulated third-party provider, configured as sources `oauth2` (the console's default) and
   * `unified` (the /wel landing, sign-ins it starts itself allowed). Pass false for none, or your own.
   */
  oauth?: SimulatedOAuthProvider | false;
  /** Extra or replacing provider configurations. */
  oauthProviders?: OAuthProvider[];
  uploadMaxMb?: number;
  /** The public endpoints' limits: none unless a test is about them. */
  rateLimits?: RateRules;
}

export interface TestApp {
  app: Hono;
  ctx: AppContext;
  db: Db;
  database: Database;
  /** The seeded administrator `admin` of tenant 000000. */
  adminPassword: string;
  /** Moves the server's clock forward. */
  advanceTime(ms: number): void;
  /** app.request() with the client header, tokens and JSON done for you. */
  request(path: string, options?: RequestOptions): Promise<Response>;
  /** The token endpoint's raw answer (for failure cases). */
  tokenRequest(params: Record<string, string>, headers?: Record<string, string>): Promise<Response>;
  /** Password grant; throws with the error_description on failure. */
  login(account: string, password: string, options?: LoginOptions): Promise<TokenResponse>;
  loginAdmin(): Promise<TokenResponse>;
  /** Inserts a tenant with a root dept, role `admin` (every menu) and role `user` (workbench, dashboard). */
  createTenant(tenantId: string, name?: string): Promise<{ rootDeptId: string; roleIds: Record<string, string> }>;
  /** Inserts a user straight into the database (roles by alias within its tenant). */
  createUser(input: CreateUserInput): Promise<{ id: string }>;
  /** The code last sent by SMS or mail to this phone or address (the default sender's outbox). */
  lastCodeSent(to: string): string | undefined;
  lastMessageSent(to: string): CodeMessage | undefined;
  /** The simulated OAuth2 provider the app signs in with (sources oauth2 and unified). */
  oauth?: SimulatedOAuthProvider;
  close(): Promise<void>;
}

export interface CreateUserInput {
  account: string;
  password: string;
  tenantId?: string;
  roleAliases?: string[];
  realName?: string;
  deptId?: string;
  status?: number;
  phone?: string;
  email?: string;
}

async function templateOf(): Promise<Template> {
  try {
    const { inject } = await import("vitest");
    const provided = inject("bladeTemplate");
    if (provided) return provided;
  } catch {
    // Not inside vitest, or no globalSetup: build (or reuse) the cached template ourselves.
  }
  return ensureTemplate();
}

export async function freshApp(options: FreshAppOptions = {}): Promise<TestApp> {
  const template = await templateOf();
  // node's Blob, not jsdom's: PGlite reads it with arrayBuffer() in either environment.
  const database = await openDatabase({ memory: true, loadDataDir: new NodeBlob([readFileSync(template.path)]) as unknown as Blob });
  let offset = 0;
  const oauth = options.oauth === false ? undefined : (options.oauth ?? new SimulatedOAuthProvider());
  const providers = new Map<string, OAuthProvider>();
  if (oauth) {
    providers.set("oauth2", oauth.config("oauth2"));
    providers.set("unified", oauth.config("unified", "http://localhost:3000/wel", { idpInitiated: true }));
  }
  for (const p of options.oauthProviders ?? []) providers.set(p.source, p);
  // Quiet: the codes are read from the outbox, not from the test output.
  const sender = new LogCodeSender(() => {});
  const { app, ctx } = await createAppForDatabase(database, {
    now: () => Date.now() + offset,
    logError: errorLogger((line) => console.error(line.replace("[blade]", "[blade test]"))),
    fetch: oauth?.fetch ?? (async (input) => Promise.reject(new TypeError(`no network in tests: ${String(input)}`))),
    oauthProviders: [...providers.values()],
    codeSender: sender,
    uploadMaxMb: options.uploadMaxMb,
    rateLimits: options.rateLimits ?? UNLIMITED,
  });
  const db = database.db;

  const jar = new Map<string, string>();
  const request = async (path: string, o: RequestOptions = {}) => {
    const url = new URL(path, "http://localhost");
    for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { Authorization: basicAuth(), ...(o.headers ?? {}) };
    if (o.token) headers["Blade-Auth"] = `bearer ${o.token}`;
    let body = o.body;
    if (o.json !== undefined) {
      body = JSON.stringify(o.json);
      headers["Content-Type"] ??= "application/json";
    }
    // Like a browser: cookies the server set go back with later requests (the social sign-in's key).
    if (jar.size && !Object.keys(headers).some((h) => h.toLowerCase() === "cookie")) headers.Cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await app.request(url.pathname + url.search, { method: o.method ?? (body !== undefined ? "POST" : "GET"), headers, body });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const eq = pair.indexOf("=");
      if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return res;
  };

  const tokenRequest = (params: Record<string, string>, headers: Record<string, string> = {}) =>
    request("/api/blade-auth/oauth/token", { method: "POST", query: { scope: "all", ...params }, headers });

  const login = async (account: string, password: string, options: LoginOptions = {}) => {
    const tenantId = options.tenantId ?? "000000";
    const res = await tokenRequest(
      { tenantId, username: account, password: md5Hex(password), grant_type: options.grantType ?? "password" },
      { "Tenant-Id": tenantId, ...(options.headers ?? {}) },
    );
    const body = (await res.json()) as TokenResponse & { error_description?: string };
    if (res.status !== 200) throw new Error(`login ${account} failed: ${res.status} ${body.error_description}`);
    return body;
  };

  const createTenant = async (tenantId: string, name = `租户${tenantId}`) => {
    const now = formatDateTime(new Date());
    const rootDeptId = nextId();
    const roleIds = { admin: nextId(), user: nextId() };
    await db.transaction(async (tx) => {
      await tx.insert(tenant).values({ id: nextId(), tenantId, tenantName: name, createTime: now, updateTime: now });
      await tx.insert(dept).values({ id: rootDeptId, tenantId, deptName: name, fullName: name, createTime: now, updateTime: now });
      await tx.insert(role).values([
        { id: roleIds.admin, tenantId, roleName: "管理员", roleAlias: "admin", sort: 1, createTime: now },
        { id: roleIds.user, tenantId, roleName: "普通用户", roleAlias: "user", sort: 2, createTime: now },
      ]);
      // The tenant's admin gets every menu (BladeX tenant.default.menuCode), its user the basics.
      const menus = await tx.select({ id: menu.id, code: menu.code, parentId: menu.parentId, category: menu.category }).from(menu);
      await tx.insert(roleMenu).values([
        ...menus.map((m) => ({ id: nextId(), roleId: roleIds.admin, menuId: m.id })),
        ...userRoleMenus(menus).map((m) => ({ id: nextId(), roleId: roleIds.user, menuId: m.id })),
      ]);
    });
    return { rootDeptId, roleIds };
  };

  const createUser = async (input: CreateUserInput) => {
    const tenantId = input.tenantId ?? "000000";
    const aliases = input.roleAliases ?? ["user"];
    const roles = aliases.length
      ? await db
          .select({ id: role.id, alias: role.roleAlias })
          .from(role)
          .where(and(eq(role.tenantId, tenantId), inArray(role.roleAlias, aliases), eq(role.isDeleted, 0)))
      : [];
    const deptId =
      input.deptId ??
      (await db.select({ id: dept.id }).from(dept).where(and(eq(dept.tenantId, tenantId), eq(dept.parentId, "0"))).limit(1))[0]?.id ??
      "";
    const id = nextId();
    const now = formatDateTime(new Date());
    await db.insert(user).values({
      id,
      tenantId,
      account: input.account,
      password: await hashPlainPassword(input.password),
      realName: input.realName ?? input.account,
      name: input.account,
      phone: input.phone ?? "",
      email: input.email ?? "",
      roleId: roles.map((r) => r.id).join(","),
      deptId,
      status: input.status ?? 1,
      createTime: now,
      updateTime: now,
    });
    const links = deptId.split(",").filter(Boolean).map((d) => ({ id: nextId(), userId: id, deptId: d }));
    if (links.length) await db.insert(userDept).values(links);
    return { id };
  };

  return {
    app,
    ctx,
    db,
    database,
    adminPassword: template.adminPassword,
    advanceTime: (ms) => void (offset += ms),
    request,
    tokenRequest,
    login,
    loginAdmin: () => login("admin", template.adminPassword),
    createTenant,
    createUser,
    lastCodeSent: (to) => sender.outbox.lastSent(to)?.code,
    lastMessageSent: (to) => sender.outbox.lastSent(to),
    oauth,
    close: () => database.close(),
  };
}
