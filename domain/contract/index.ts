/**
 * Shapes of the Blade HTTP API (CONTRACT.md) shared by the console and the reference server.
 * Pure types and constants only: no runtime imports from either side.
 */

/** The `R` envelope every call except the token endpoint answers. */
export interface R<T = unknown> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

/** A MyBatis-Plus style page. `current` starts at 1. */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** Success body of POST /blade-auth/oauth/token (bare, not wrapped in R). */
export interface TokenResponse {
  access_token: string;
  token_type: "bearer";
  refresh_token: string;
  expires_in: number;
  scope: string;
  tenant_id: string;
  user_id: string;
  dept_id: string;
  post_id: string;
  role_id: string;
  role_name: string;
  account: string;
  user_name: string;
  nick_name: string;
  real_name: string;
  avatar: string;
  oauth_id: string;
  license: string;
}

/** Failure body of the token endpoint. */
export interface TokenError {
  error: string;
  error_description: string;
}

export interface CaptchaResponse {
  key: string;
  image: string;
}

/** A node of /menu/routes and /menu/buttons. category 1 = menu, 2 = button. */
export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias: string;
  path: string;
  source: string;
  sort: number;
  category: number;
  action: number;
  isOpen: number;
  /** §3: 1 the web console, 2 mobile (menu spec); absent from a gateway that does not send it. */
  systemType?: number;
  /** §3 默认首页, yes_no: 2 the page its holders land on after signing in. */
  isDefault?: number;
  remark?: string;
  children?: MenuNode[];
  hasChildren?: boolean;
}

/** A TreeNode (dept/role/menu trees). */
export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren?: boolean;
  children?: TreeNode[];
}

/** A row of /blade-user/page and /blade-user/detail. The password never leaves the server. */
export interface UserVO {
  id: string;
  tenantId: string;
  code: string;
  account: string;
  name: string;
  realName: string;
  avatar: string;
  email: string;
  phone: string;
  birthday: string;
  sex: number;
  roleId: string;
  deptId: string;
  postId: string;
  roleName: string;
  deptName: string;
  postName: string;
  sexName: string;
  status: number;
  createTime: string;
  updateTime: string;
  /** Resolved by the reference server (BladeX UserVO); absent from older Blade servers. */
  tenantName?: string;
  userType?: number;
  userTypeName?: string;
  /** §3's ID type 0–5, or null; absent from Blade servers without the columns. */
  idType?: number | null;
  idNumber?: string;
  /**
   * The reference server's page only, and only while the sign-in lockout holds the account: when
   * the lock ends (YYYY-MM-DD HH:mm:ss). BladeX keeps the lock in Redis and never says.
   */
  lockedUntil?: string;
}

/** Body of POST /blade-user/submit (create) and /blade-user/update. `password` is sent as typed. */
export interface UserSubmit {
  id?: string;
  tenantId?: string;
  account?: string;
  password?: string;
  password2?: string;
  name?: string;
  realName?: string;
  email?: string;
  phone?: string;
  birthday?: string;
  sex?: number;
  roleId?: string;
  deptId?: string;
  postId?: string;
  code?: string;
  /** 用户平台: a value of the user_type dictionary (1 WEB, 2 APP, 3 OTHER). */
  userType?: number;
  idType?: number;
  idNumber?: string;
}

export const HTTP_OK = 200;
export const MSG_OK = "操作成功";
export const MSG_UNAUTHORIZED = "请求未授权";
export const DEFAULT_TENANT_ID = "000000";
export const ADMINISTRATOR_ALIAS = "administrator";
export const PAGE_SIZES = [10, 30, 50, 100, 200] as const;
export const MAX_PAGE_SIZE = 200;

// ---- Shell, sign-in methods and personal centre (issue 3) ----

/** smsCode, smsCodeNew, sendMailCode: the id to send back with the code. */
export interface CodeSent {
  id: string;
}

/** GET /blade-system/tenant/info?domain= — `{}` when no enabled tenant has the domain. */
export type TenantInfo = { tenantId: string; domain: string } | Record<string, never>;

/** GET /blade-auth/oauth/render/{source} and bind/{source}. */
export interface SocialUrl {
  url: string;
}

/** GET /blade-system/dept/select[?userId=]. */
export interface DeptSelectItem {
  id: string;
  tenantId: string;
  parentId: string;
  deptName: string;
  fullName: string;
  ancestors: string;
  deptCategory: number;
  sort: number;
}

/** GET /blade-system/role/select[?userId=]. */
export interface RoleSelectItem {
  id: string;
  tenantId: string;
  parentId: string;
  roleName: string;
  roleAlias: string;
  sort: number;
}

/** POST /blade-user/register-guest (with the guest session's Blade-Auth). `password` as typed. */
export interface RegisterGuestBody {
  tenantId?: string;
  name?: string;
  account: string;
  password: string;
  /** Optional: the server compares it with `password` when present. */
  password2?: string;
  oauthId?: string;
}

/** POST /blade-user/find-password: both passwords as md5 hex digests. */
export type FindPasswordBody = ({ phone: string } | { email: string }) & {
  codeId: string;
  code: string;
  password: string;
  confirmPassword: string;
  /** The new password as typed, for the server's password policy (ours requires it; BladeX ignores it). */
  newPassword?: string;
};

/** POST /blade-user/update-password: the old password as its md5 digest, the new ones as typed. */
export interface UpdatePasswordBody {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

/** POST /blade-user/update-info: any other field is ignored. */
export interface ProfileUpdateBody {
  avatar?: string;
  realName?: string;
  name?: string;
  phone?: string;
  email?: string;
}

/** put-file / put-file-attach. `link` is served only with Blade-Auth (fetch it as a blob). */
export interface FileUploadResult {
  link: string;
  name: string;
  originalName: string;
  domain: string;
  attachId?: string;
}

/** One entry of POST /blade-log/error/upload `{logs: ErrorLogEntry[]}` (at most 100). */
export interface ErrorLogEntry {
  type: string;
  url: string;
  message: string;
  stack: string;
  info: string;
  time: string;
}
