/**
 * What every sign-in method does after the token grant, and where the user goes next.
 * Kept out of the auth provider because the provider only knows the password grant.
 */
import { website } from "../../config/website";
import type { TokenResponse } from "../../../domain/contract";
import { clearLock, loadMenusAndPermissions, saveTokens, SESSION_KEYS } from "../../providers/auth";
import { defaultPagePath, getMenu } from "../../providers/auth/menu-store";
import { getStore, removeStore, setStore } from "../../providers/storage";
import { findTrail } from "../../layout/menu-tree";

const INTENDED = "redirect";
const SOCIAL_TENANT = "socialTenant";

/** Pages a sign-in must never lead back to (they would loop or sign in again). */
const NOT_A_DESTINATION = /^\/(login|lock|wel|zf|authError|err-page|oauth\/)/;

/** §2: a user without a valid id (empty or negative, e.g. "-1") signed in through a third party for the first time. */
export function needsRegistration(user: Pick<TokenResponse, "user_id"> | null | undefined): boolean {
  if (!user) return false;
  const id = String(user.user_id ?? "").trim();
  if (id === "" || id === "null" || id === "undefined") return true;
  const n = Number(id);
  return Number.isFinite(n) && n < 0;
}

/** Stores the session; an unregistered user gets no menus (they only see the registration dialog). */
export async function startSession(token: TokenResponse): Promise<void> {
  saveTokens(token);
  removeStore({ name: SESSION_KEYS.tags });
  clearLock();
  if (!needsRegistration(token)) await loadMenusAndPermissions();
}

/** `path` when it is a same-origin relative path (no scheme, no `//host`), else null: no open redirect. */
export function safeLocalPath(path: unknown): string | null {
  if (typeof path !== "string" || !path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return null;
  try {
    const url = new URL(path, window.location.origin);
    if (url.origin !== window.location.origin) return null;
    if (NOT_A_DESTINATION.test(url.pathname)) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** Called by the sign-in guard so that a reload or a deep link comes back to the same page after sign-in. */
export function rememberIntendedPath(path: string): void {
  const safe = safeLocalPath(path);
  if (safe) setStore({ name: INTENDED, content: safe, type: "session" });
}

/** Pages every signed-in user may open, whatever their menu. */
const ALWAYS_OPEN = /^\/(workbench|personCenter)(\/|$)/;

/** Where a signed-in user starts: the 默认首页 of their menu (§3 isDefault) when they hold one, else the workbench. */
export function landingPath(): string {
  return defaultPagePath(getMenu()) ?? website.firstPage.path;
}

/**
 * The remembered page (once), else the landing page. The next user to sign in may not be the one
 * who was sent away (a logout, then another account), so a page outside their menu is dropped.
 */
export function takeIntendedPath(): string {
  const stored = getStore<string>({ name: INTENDED });
  removeStore({ name: INTENDED });
  const path = safeLocalPath(stored);
  if (!path) return landingPath();
  const pathname = path.split(/[?#]/)[0];
  return ALWAYS_OPEN.test(pathname) || findTrail(getMenu(), pathname).length ? path : landingPath();
}

/** The tenant chosen on the login page survives the round trip to the third-party provider. */
export function rememberSocialTenant(tenantId: string): void {
  setStore({ name: SOCIAL_TENANT, content: tenantId, type: "session" });
}

export function getSocialTenant(): string | null {
  const t = getStore<string>({ name: SOCIAL_TENANT });
  return typeof t === "string" && t ? t : null;
}
