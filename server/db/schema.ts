/**
 * The one Postgres-dialect schema (BladeX tables, `blade_` prefix, snake_case columns) shared by
 * PGlite and node-postgres. Everything that belongs to a tenant carries tenant_id; the security
 * tables at the end hold what makes tokens revocable and logins lockable.
 */
import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, smallint, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { auditColumns, bytea, dateTime, epochMs, id } from "./columns";

const tenantId = () => varchar("tenant_id", { length: 12 }).notNull().default("000000");
const parentId = () => id("parent_id").notNull().default("0");

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

export const user = pgTable(
  "blade_user",
  {
    id: id("id").primaryKey(),
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
    ...auditColumns(),
  },
  // Partial: a logically deleted account frees its name, as in Blade.
  (t) => [
    uniqueIndex("blade_user_account_uq").on(t.tenantId, t.account).where(sql`${t.isDeleted} = 0`),
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

export const dept = pgTable(
  "blade_dept",
  {
    id: id("id").primaryKey(),
    tenantId: tenantId(),
    parentId: parentId(),
    ancestors: varchar("ancestors", { length: 2000 }).notNull().default("0"),
    deptCategory: integer("dept_category").notNull().default(1),
    deptName: varchar("dept_name", { length: 45 }).notNull(),
    fullName: varchar("full_name", { length: 45 }).notNull().default(""),
    sort: integer("sort").notNull().default(0),
    remark: varchar("remark", { length: 255 }).notNull().default(""),
    ...auditColumns(),
  },
  (t) => [index("blade_dept_tenant_parent_idx").on(t.tenantId, t.parentId)],
);

export const role = pgTable(
  "blade_role",
  {
    id: id("id").primaryKey(),
    tenantId: tenantId(),
    parentId: parentId(),
    roleName: varchar("role_name", { length: 255 }).notNull(),
    roleAlias: varchar("role_alias", { length: 255 }).notNull(),
    sort: integer("sort").notNull().default(0),
    ...auditColumns(),
  },
  (t) => [index("blade_role_tenant_idx").on(t.tenantId)],
);

export const roleMenu = pgTable(
  "blade_role_menu",
  { id: id("id").primaryKey(), menuId: id("menu_id").notNull(), roleId: id("role_id").notNull() },
  (t) => [uniqueIndex("blade_role_menu_uq").on(t.roleId, t.menuId)],
);

export const post = pgTable(
  "blade_post",
  {
    id: id("id").primaryKey(),
    tenantId: tenantId(),
    category: integer("category").notNull().default(1),
    postCode: varchar("post_code", { length: 12 }).notNull(),
    postName: varchar("post_name", { length: 64 }).notNull(),
    sort: integer("sort").notNull().default(0),
    remark: varchar("remark", { length: 255 }).notNull().default(""),
    ...auditColumns(),
  },
  (t) => [index("blade_post_tenant_idx").on(t.tenantId)],
);

/** Platform-wide, as in Blade: menus are granted to tenants' roles through role_menu. */
export const menu = pgTable("blade_menu", {
  id: id("id").primaryKey(),
  parentId: parentId(),
  code: varchar("code", { length: 255 }).notNull(),
  name: varchar("name", { length: 255 }).notNull(),
  alias: varchar("alias", { length: 255 }).notNull().default("menu"),
  path: varchar("path", { length: 255 }).notNull().default(""),
  source: varchar("source", { length: 255 }).notNull().default(""),
  sort: integer("sort").notNull().default(0),
  /** 1 menu, 2 button. */
  category: integer("category").notNull().default(1),
  /** 0 none, 1 toolbar, 2 row, 3 both. */
  action: integer("action").notNull().default(0),
  /** yes_no dict: 1 no, 2 yes (open in a new window). */
  isOpen: integer("is_open").notNull().default(1),
  component: varchar("component", { length: 255 }).notNull().default(""),
  remark: varchar("remark", { length: 255 }).notNull().default(""),
  isDeleted: integer("is_deleted").notNull().default(0),
});

export const topMenu = pgTable("blade_top_menu", {
  id: id("id").primaryKey(),
  tenantId: tenantId(),
  code: varchar("code", { length: 255 }).notNull(),
  name: varchar("name", { length: 255 }).notNull(),
  source: varchar("source", { length: 255 }).notNull().default(""),
  path: varchar("path", { length: 255 }).notNull().default(""),
  sort: integer("sort").notNull().default(0),
  ...auditColumns(),
});

export const topMenuSetting = pgTable("blade_top_menu_setting", {
  id: id("id").primaryKey(),
  topMenuId: id("top_menu_id").notNull(),
  menuId: id("menu_id").notNull(),
});

const dictColumns = () => ({
  id: id("id").primaryKey(),
  parentId: parentId(),
  code: varchar("code", { length: 255 }).notNull(),
  /** "-1" on the root row of a code, the value's key on its children (BladeX: varchar). */
  dictKey: varchar("dict_key", { length: 255 }).notNull(),
  dictValue: varchar("dict_value", { length: 255 }).notNull(),
  sort: integer("sort").notNull().default(0),
  remark: varchar("remark", { length: 255 }).notNull().default(""),
  isSealed: integer("is_sealed").notNull().default(0),
  isDeleted: integer("is_deleted").notNull().default(0),
});

export const dict = pgTable("blade_dict", dictColumns(), (t) => [index("blade_dict_code_idx").on(t.code)]);

export const dictBiz = pgTable("blade_dict_biz", { ...dictColumns(), tenantId: tenantId() }, (t) => [
  index("blade_dict_biz_code_idx").on(t.tenantId, t.code),
]);

export const client = pgTable(
  "blade_client",
  {
    id: id("id").primaryKey(),
    clientId: varchar("client_id", { length: 48 }).notNull(),
    /** sha256 hex of the secret, compared in constant time (the secret ships in the console). */
    clientSecret: varchar("client_secret", { length: 256 }).notNull(),
    resourceIds: varchar("resource_ids", { length: 256 }).notNull().default(""),
    scope: varchar("scope", { length: 256 }).notNull().default("all"),
    authorizedGrantTypes: varchar("authorized_grant_types", { length: 256 }).notNull(),
    webServerRedirectUri: varchar("web_server_redirect_uri", { length: 256 }).notNull().default(""),
    authorities: varchar("authorities", { length: 256 }).notNull().default(""),
    accessTokenValidity: integer("access_token_validity").notNull().default(3600),
    refreshTokenValidity: integer("refresh_token_validity").notNull().default(604800),
    additionalInformation: varchar("additional_information", { length: 4096 }).notNull().default(""),
    autoapprove: varchar("autoapprove", { length: 256 }).notNull().default(""),
    ...auditColumns(),
  },
  (t) => [uniqueIndex("blade_client_client_id_uq").on(t.clientId).where(sql`${t.isDeleted} = 0`)],
);

export const param = pgTable(
  "blade_param",
  {
    id: id("id").primaryKey(),
    paramName: varchar("param_name", { length: 255 }).notNull(),
    paramKey: varchar("param_key", { length: 255 }).notNull(),
    paramValue: varchar("param_value", { length: 255 }).notNull(),
    remark: varchar("remark", { length: 255 }).notNull().default(""),
    ...auditColumns(),
  },
  (t) => [uniqueIndex("blade_param_key_uq").on(t.paramKey).where(sql`${t.isDeleted} = 0`)],
);

/** Server-internal key/value pairs: the JWT secret, the first-start marker. Never exposed. */
export const setting = pgTable("blade_setting", {
  key: varchar("key", { length: 64 }).primaryKey(),
  value: text("value").notNull(),
  updateTime: dateTime("update_time"),
});

/**
 * One row per sign-in. Access tokens name their session (sid) and are refused once it is revoked;
 * the refresh token's jti must equal refresh_jti, which each refresh replaces (single use).
 */
export const authSession = pgTable(
  "blade_auth_session",
  {
    id: id("id").primaryKey(),
    tenantId: tenantId(),
    userId: id("user_id").notNull(),
    clientId: varchar("client_id", { length: 48 }).notNull(),
    refreshJti: varchar("refresh_jti", { length: 64 }).notNull(),
    /** The dept/role the user switched to (Dept-Id/Role-Id), "" = all of the user's. */
    deptId: varchar("dept_id", { length: 1000 }).notNull().default(""),
    roleId: varchar("role_id", { length: 1000 }).notNull().default(""),
    revoked: integer("revoked").notNull().default(0),
    revokedReason: varchar("revoked_reason", { length: 64 }).notNull().default(""),
    expiresAt: epochMs("expires_at").notNull(),
    createdAt: epochMs("created_at").notNull(),
    lastUsedAt: epochMs("last_used_at").notNull(),
    ip: varchar("ip", { length: 64 }).notNull().default(""),
    userAgent: varchar("user_agent", { length: 500 }).notNull().default(""),
  },
  (t) => [index("blade_auth_session_user_idx").on(t.userId)],
);

/** Failed sign-ins per tenant and account (existing or not, so probing learns nothing). */
export const loginFailure = pgTable(
  "blade_login_failure",
  {
    tenantId: varchar("tenant_id", { length: 12 }).notNull(),
    account: varchar("account", { length: 255 }).notNull(),
    failCount: integer("fail_count").notNull().default(0),
    lastFailureAt: epochMs("last_failure_at").notNull(),
    lockedUntil: epochMs("locked_until").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.account] })],
);

export const captcha = pgTable(
  "blade_captcha",
  {
    key: varchar("key", { length: 64 }).primaryKey(),
    codeHash: varchar("code_hash", { length: 128 }).notNull(),
    expiresAt: epochMs("expires_at").notNull(),
  },
  (t) => [index("blade_captcha_expires_idx").on(t.expiresAt)],
);

/**
 * SMS and mail verification codes: stored as an HMAC (never the code), expiring, single use, and
 * burnt after too many wrong tries. `purpose` keeps a find-password code out of the sign-in grant.
 */
export const verifyCode = pgTable(
  "blade_verify_code",
  {
    id: id("id").primaryKey(),
    tenantId: tenantId(),
    channel: varchar("channel", { length: 8 }).notNull(),
    purpose: varchar("purpose", { length: 16 }).notNull(),
    target: varchar("target", { length: 255 }).notNull(),
    codeHash: varchar("code_hash", { length: 128 }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    used: integer("used").notNull().default(0),
    createdAt: epochMs("created_at").notNull(),
    expiresAt: epochMs("expires_at").notNull(),
  },
  (t) => [index("blade_verify_code_target_idx").on(t.channel, t.target, t.createdAt)],
);

/** A third-party identity (source + uuid) of a tenant, bound to a user once user_id is set. */
export const userOauth = pgTable(
  "blade_user_oauth",
  {
    id: id("id").primaryKey(),
    tenantId: tenantId(),
    userId: id("user_id"),
    source: varchar("source", { length: 32 }).notNull(),
    uuid: varchar("uuid", { length: 255 }).notNull(),
    username: varchar("username", { length: 255 }).notNull().default(""),
    nickname: varchar("nickname", { length: 255 }).notNull().default(""),
    avatar: varchar("avatar", { length: 2000 }).notNull().default(""),
    email: varchar("email", { length: 255 }).notNull().default(""),
    createTime: dateTime("create_time"),
    updateTime: dateTime("update_time"),
  },
  (t) => [uniqueIndex("blade_user_oauth_uq").on(t.tenantId, t.source, t.uuid), index("blade_user_oauth_user_idx").on(t.userId)],
);

/** Nonces of consumed OAuth states: a state answers once, even within its lifetime. */
export const oauthNonce = pgTable("blade_oauth_nonce", {
  nonce: varchar("nonce", { length: 64 }).primaryKey(),
  expiresAt: epochMs("expires_at").notNull(),
});

/** Uploaded files, bytes included: one mechanism for PGlite and PostgreSQL, and for every instance. */
export const file = pgTable(
  "blade_file",
  {
    id: id("id").primaryKey(),
    tenantId: tenantId(),
    name: varchar("name", { length: 255 }).notNull(),
    originalName: varchar("original_name", { length: 255 }).notNull(),
    extension: varchar("extension", { length: 16 }).notNull(),
    contentType: varchar("content_type", { length: 128 }).notNull(),
    size: integer("size").notNull(),
    data: bytea("data").notNull(),
    ...auditColumns(),
  },
  (t) => [index("blade_file_tenant_idx").on(t.tenantId)],
);

/** Front-end errors the console uploads from its error-log dialog. */
export const errorLog = pgTable(
  "blade_error_log",
  {
    id: id("id").primaryKey(),
    tenantId: tenantId(),
    userId: id("user_id").notNull(),
    type: varchar("type", { length: 64 }).notNull().default(""),
    url: varchar("url", { length: 2000 }).notNull().default(""),
    message: text("message").notNull().default(""),
    stack: text("stack").notNull().default(""),
    info: text("info").notNull().default(""),
    /** When the console saw it, as the console wrote it. */
    time: varchar("time", { length: 32 }).notNull().default(""),
    ip: varchar("ip", { length: 64 }).notNull().default(""),
    userAgent: varchar("user_agent", { length: 500 }).notNull().default(""),
    createTime: dateTime("create_time"),
    isDeleted: integer("is_deleted").notNull().default(0),
  },
  (t) => [index("blade_error_log_tenant_idx").on(t.tenantId, t.createTime)],
);
