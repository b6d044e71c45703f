/** The authentication and menu calls of §7. */
import { md5 } from "@noble/hashes/legacy.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { website } from "../../config/website";
import type { CaptchaResponse, MenuNode, R, TokenResponse } from "../../../domain/contract";
import { http, TOKEN_PATH, tokenFromResponse } from "../http";
import { API } from "../../../domain/contract/api";

/** The data of an R envelope; tolerates a bare answer (some BladeX auth endpoints are not wrapped). */
function unwrap<T>(body: R<T> | T): T {
  if (body && typeof body === "object" && "code" in body && "data" in body) return (body as R<T>).data;
  return body as T;
}

/**
 * A captcha image and its key. With a `certificate` (BladeX's captchaNew) the browser names the key
 * itself: a gateway that answers only the image still gives a usable key.
 */
export async function fetchCaptcha(certificate?: string): Promise<CaptchaResponse> {
  if (certificate === undefined) {
    const body = await http.get<R<CaptchaResponse> | CaptchaResponse>(API.get("/blade-auth/oauth/captcha"), { meta: { isToken: false } });
    return unwrap(body);
  }
  const body = await http.get<R<Partial<CaptchaResponse>> | Partial<CaptchaResponse>>(API.get("/blade-auth/oauth/captchaNew"), {
    params: { certificate },
    meta: { isToken: false },
  });
  const { key, image = "" } = unwrap(body);
  return { key: key || certificate, image };
}

export interface UsernameLogin {
  tenantId: string;
  username: string;
  /** As typed: sent as its md5 hex digest. */
  password: string;
  /** Login type, default "account". */
  type?: string;
  captchaKey?: string;
  captchaCode?: string;
  /** Switch mode only. */
  deptId?: string;
  roleId?: string;
}

export const hashPassword = (password: string) => bytesToHex(md5(utf8ToBytes(password)));

/**
 * Password (or captcha, when website.captchaMode) grant. Resolves with the token; rejects with an
 * HttpError whose message is the server's error_description (no toast: the login page shows it).
 */
export async function loginByUsername(p: UsernameLogin): Promise<TokenResponse> {
  const tenantId = p.tenantId || website.tenantId;
  const headers: Record<string, string> = { "Tenant-Id": tenantId };
  if (p.captchaKey) headers["Captcha-Key"] = p.captchaKey;
  if (p.captchaCode) headers["Captcha-Code"] = p.captchaCode;
  if (website.switchMode && p.deptId) headers["Dept-Id"] = p.deptId;
  if (website.switchMode && p.roleId) headers["Role-Id"] = p.roleId;
  const body = await http.post<unknown>(TOKEN_PATH, undefined, {
    params: {
      tenantId,
      username: p.username,
      password: hashPassword(p.password),
      grant_type: website.captchaMode ? "captcha" : "password",
      scope: "all",
      type: p.type ?? "account",
    },
    headers,
    meta: { isToken: false },
  });
  return tokenFromResponse(200, body);
}

export const logoutRequest = () => http.get<R<unknown>>(API.get("/blade-auth/oauth/logout"), { silent: true });

/**
 * The unified sign-out (OpenID Connect RP-initiated logout): every session of the user ends. Not
 * silent: if it fails, the user must hear it, since their other devices stay signed in.
 */
export const logoutEverywhereRequest = () => http.post<R<unknown>>(API.post("/authentication/openid-connect/logout"));

export async function fetchUserInfo<T = Record<string, unknown>>(): Promise<T> {
  return unwrap(await http.get<R<T>>(API.get("/blade-auth/oauth/user-info")));
}

const asArray = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

export async function fetchMenuRoutes(topMenuId?: string): Promise<MenuNode[]> {
  const body = await http.get<R<MenuNode[]>>(API.get("/blade-system/menu/routes"), { params: { topMenuId } });
  return asArray<MenuNode>(unwrap(body));
}

export async function fetchButtons(): Promise<MenuNode[]> {
  return asArray<MenuNode>(unwrap(await http.get<R<MenuNode[]>>(API.get("/blade-system/menu/buttons"))));
}

export interface TopMenu {
  id: string;
  code: string;
  name: string;
  source: string;
  path?: string;
  sort: number;
}

export async function fetchTopMenu(): Promise<TopMenu[]> {
  return asArray<TopMenu>(unwrap(await http.get<R<TopMenu[]>>(API.get("/blade-system/menu/top-menu"))));
}

// ---- Sign-in methods, registration, find password (§2, §7) ----

/** The tenant bound to a domain (tenant mode), or null when none is. Never toasts: the login form still works. */
export async function fetchTenantByDomain(domain: string): Promise<string | null> {
  const body = await http.get<R<{ tenantId?: string } | null>>(API.get("/blade-system/tenant/info"), {
    params: { domain },
    meta: { isToken: false },
    silent: true,
  });
  const tenantId = unwrap(body)?.tenantId;
  return typeof tenantId === "string" && tenantId !== "" ? tenantId : null;
}

/** Codes are single-use and short-lived; the server answers the code's id, sent back with the code. */
async function requestCode(path: string, params: Record<string, string>): Promise<string> {
  const data = unwrap(await http.get<R<{ id?: string }>>(path, { params, meta: { isToken: false } }));
  return String(data?.id ?? "");
}

export const sendSmsCode = (phone: string) => requestCode(API.get("/blade-auth/oauth/smsCode"), { phone });
/** The find-password variant (a code for an existing account, not a sign-in). */
export const sendSmsCodeNew = (phone: string) => requestCode(API.get("/blade-auth/oauth/smsCodeNew"), { phone });
export const sendMailCode = (email: string) => requestCode(API.get("/blade-auth/oauth/sendMailCode"), { email });

/** A token grant other than password: rejects with the server's error_description, never toasts. */
async function grant(tenantId: string, params: Record<string, string>): Promise<TokenResponse> {
  const tenant = tenantId || website.tenantId;
  const body = await http.post<unknown>(TOKEN_PATH, undefined, {
    params: { tenantId: tenant, scope: "all", ...params },
    headers: { "Tenant-Id": tenant },
    meta: { isToken: false },
  });
  return tokenFromResponse(200, body);
}

export const loginBySms = (p: { tenantId: string; phone: string; code: string; codeId: string }) =>
  grant(p.tenantId, { grant_type: "sms", type: "phone", phone: p.phone, value: p.code, id: p.codeId });

export const loginBySocial = (p: { tenantId: string; source: string; code: string; state?: string }) =>
  grant(p.tenantId, { grant_type: "social", type: "social", source: p.source, code: p.code, state: p.state ?? "" });

/**
 * The provider's authorise URL (`render`) or the binding URL (`bind`, signed in). `render` names
 * the tenant as the password grant does: the server looks the provider up in that tenant and binds
 * the state to it, so the callback (which names the same tenant) is accepted.
 */
export async function fetchSocialUrl(kind: "render" | "bind", source: string, tenantId?: string): Promise<string> {
  const tenant = kind === "render" ? tenantId || website.tenantId : undefined;
  const url = kind === "render" ? API.get("/blade-auth/oauth/render/{source}", { source }) : API.get("/blade-auth/oauth/bind/{source}", { source });
  const data = unwrap(
    await http.get<R<{ url?: string }>>(url, {
      meta: { isToken: kind === "bind" },
      ...(tenant ? { params: { tenantId: tenant }, headers: { "Tenant-Id": tenant } } : {}),
    }),
  );
  return String(data?.url ?? "");
}

export interface GuestRegistration {
  tenantId: string;
  name: string;
  account: string;
  /** As typed: the server enforces its password policy (CONTRACT.md). */
  password: string;
  oauthId: string;
}

/** Silent: the registration dialog shows the server's msg, or its own text when there is none. */
export const registerGuest = (p: GuestRegistration) => http.post<R<unknown>>(API.post("/blade-user/register-guest"), p, { silent: true });

export type FindPassword = ({ phone: string } | { email: string }) & { codeId: string; code: string; password: string };

/**
 * Both passwords travel as md5 digests (§5 password transport); the new one also as typed
 * (newPassword), which the server needs to apply its password policy (a BladeX gateway ignores it).
 */
export const findPassword = ({ password, ...rest }: FindPassword, tenantId: string = website.tenantId) =>
  http.post<R<unknown>>(
    API.post("/blade-user/find-password"),
    { ...rest, password: hashPassword(password), confirmPassword: hashPassword(password), newPassword: password },
    { meta: { isToken: false }, headers: { "Tenant-Id": tenantId } },
  );

// ---- Personal centre (§2, §3 Profile) ----

export interface UploadResult {
  link: string;
  name: string;
  originalName: string;
}

export async function uploadFile(file: Blob, fileName?: string): Promise<UploadResult> {
  const form = new FormData();
  if (fileName) form.append("file", file, fileName);
  else form.append("file", file);
  return unwrap(await http.post<R<UploadResult>>(API.post("/blade-resource/oss/endpoint/put-file"), form));
}

export interface ProfileInfo {
  avatar: string;
  realName: string;
  name: string;
  phone: string;
  email: string;
}

export async function fetchMyInfo<T = ProfileInfo>(): Promise<T> {
  return unwrap(await http.get<R<T>>(API.get("/blade-user/info")));
}

export const updateMyInfo = (p: ProfileInfo) => http.post<R<unknown>>(API.post("/blade-user/update-info"), p);

/** The old password as its md5 digest (checked against the stored one), the new ones as typed (policy). */
export const updateMyPassword = (p: { oldPassword: string; newPassword: string; newPassword1: string }) =>
  http.post<R<unknown>>(API.post("/blade-user/update-password"), { ...p, oldPassword: hashPassword(p.oldPassword) });
