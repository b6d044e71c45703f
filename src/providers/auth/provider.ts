/** The refine AuthProvider of the console (§4, §6, §7). */
import type { AuthProvider } from "@refinedev/core";
import { website } from "../../config/website";
import { PASSWORD_EXPIRED } from "../../../domain/validation/password-policy";
import { isHttpError } from "../http";
import { removeStore } from "../storage";
import { fetchButtons, fetchMenuRoutes, loginByUsername, logoutEverywhereRequest, logoutRequest } from "./api";
import { defaultPagePath, getPermissions, setMenu, setPermissionTree } from "./menu-store";
import { clearLock, clearSession, getAccessToken, getUserInfo, saveTokens, SESSION_KEYS } from "./session";

export interface LoginParams {
  username: string;
  password: string;
  tenantId?: string;
  captchaKey?: string;
  captchaCode?: string;
  type?: string;
  deptId?: string;
  roleId?: string;
}

export interface Identity {
  id: string;
  name: string;
  avatar: string;
  account: string;
  tenantId: string;
  roleName: string;
  nickName: string;
  deptId: string;
  roleId: string;
}

const errorCode = (error: unknown): number | undefined => {
  if (!error || typeof error !== "object") return undefined;
  const e = error as { statusCode?: unknown; code?: unknown; status?: unknown };
  for (const v of [e.statusCode, e.code, e.status]) if (typeof v === "number") return v;
  return undefined;
};

/** Loads the menu tree and the button permissions of the signed-in user into the menu store. */
export async function loadMenusAndPermissions(): Promise<void> {
  const [routes, buttons] = await Promise.allSettled([fetchMenuRoutes(), fetchButtons()]);
  if (routes.status === "fulfilled") setMenu(routes.value);
  if (buttons.status === "fulfilled") setPermissionTree(buttons.value);
}

export function getIdentity(): Identity | null {
  const u = getUserInfo();
  if (!u) return null;
  return {
    id: u.user_id,
    name: u.real_name || u.nick_name || u.account,
    avatar: u.avatar || website.defaultAvatar,
    account: u.account,
    tenantId: u.tenant_id,
    roleName: u.role_name,
    nickName: u.nick_name,
    deptId: u.dept_id,
    roleId: u.role_id,
  };
}

/** The login error's name when the password has expired (the token endpoint's `password_expired`). */
export const PASSWORD_EXPIRED_ERROR = "PasswordExpired";

export const authProvider: AuthProvider = {
  login: async (params: LoginParams) => {
    let token;
    try {
      token = await loginByUsername({ ...params, tenantId: params.tenantId || website.tenantId });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      // A right password that the password policy says has expired: the login page asks for a new one.
      const expired = isHttpError(e) && (e.body as { error?: unknown } | undefined)?.error === PASSWORD_EXPIRED;
      return { success: false, error: { name: expired ? PASSWORD_EXPIRED_ERROR : "LoginError", message } };
    }
    saveTokens(token);
    removeStore({ name: SESSION_KEYS.tags });
    clearLock();
    await loadMenusAndPermissions();
    // §3 默认首页: a user who holds the default page starts there rather than on the workbench.
    return { success: true, redirectTo: defaultPagePath() ?? website.firstPage.path };
  },

  logout: async (params?: { everywhere?: boolean }) => {
    if (params?.everywhere && getAccessToken()) {
      // Sign out everywhere: if the server did not end the other sessions, saying so matters more
      // than leaving this one, so a failure keeps the user here with the reason.
      try {
        await logoutEverywhereRequest();
      } catch (e) {
        if (!(isHttpError(e) && e.code === 401)) {
          return { success: false, error: { name: "LogoutError", message: e instanceof Error ? e.message : String(e) } };
        }
      }
    } else if (getAccessToken()) await logoutRequest().catch(() => undefined);
    clearSession();
    return { success: true, redirectTo: "/login" };
  },

  check: async () =>
    getAccessToken() ? { authenticated: true } : { authenticated: false, redirectTo: "/login", logout: true },

  onError: async (error: unknown) => {
    if (errorCode(error) === 401) return { logout: true, redirectTo: "/login" };
    return {};
  },

  getIdentity: async () => getIdentity(),

  getPermissions: async () => [...getPermissions()],
};
