/** The authentication and menu calls of §7. */
import { md5 } from "js-md5";
import { website } from "../../config/website";
import type { CaptchaResponse, MenuNode, R, TokenResponse } from "../../contract";
import { http, TOKEN_PATH, tokenFromResponse } from "../http";

/** The data of an R envelope; tolerates a bare answer (some BladeX auth endpoints are not wrapped). */
function unwrap<T>(body: R<T> | T): T {
  if (body && typeof body === "object" && "code" in body && "data" in body) return (body as R<T>).data;
  return body as T;
}

export async function fetchCaptcha(): Promise<CaptchaResponse> {
  const body = await http.get<R<CaptchaResponse> | CaptchaResponse>("/blade-auth/oauth/captcha", { meta: { isToken: false } });
  return unwrap(body);
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

export const hashPassword = (password: string) => md5(password);

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

export const logoutRequest = () => http.get<R<unknown>>("/blade-auth/oauth/logout", { silent: true });

export async function fetchUserInfo<T = Record<string, unknown>>(): Promise<T> {
  return unwrap(await http.get<R<T>>("/blade-auth/oauth/user-info"));
}

const asArray = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

export async function fetchMenuRoutes(topMenuId?: string): Promise<MenuNode[]> {
  const body = await http.get<R<MenuNode[]>>("/blade-system/menu/routes", { params: { topMenuId } });
  return asArray<MenuNode>(unwrap(body));
}

export async function fetchButtons(): Promise<MenuNode[]> {
  return asArray<MenuNode>(unwrap(await http.get<R<MenuNode[]>>("/blade-system/menu/buttons")));
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
  return asArray<TopMenu>(unwrap(await http.get<R<TopMenu[]>>("/blade-system/menu/top-menu")));
}
