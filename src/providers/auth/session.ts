/**
 * The signed-in session in client storage. Only uses the storage module, so that the http layer
 * (token header, refresh, forced logout) can import it without a cycle.
 */
import type { TokenResponse } from "../../contract";
import { getStore, getStoreEntry, removeStore, setStore } from "../storage";

/** Names of the client-storage entries the console uses for the session. */
export const SESSION_KEYS = {
  token: "token",
  refreshToken: "refreshToken",
  userInfo: "userInfo",
  menu: "menu",
  permission: "permission",
  tags: "tags",
  lock: "lock",
  lockPassword: "lockPassword",
} as const;

/** The token grant's fields plus the time the token was stored. */
export type SessionUser = TokenResponse & { datetime: number };

const nonEmpty = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);

export const getAccessToken = (): string | null => nonEmpty(getStore<string>({ name: SESSION_KEYS.token }));

export const getRefreshToken = (): string | null => nonEmpty(getStore<string>({ name: SESSION_KEYS.refreshToken }));

export function getUserInfo(): SessionUser | null {
  const entry = getStoreEntry<TokenResponse>(SESSION_KEYS.userInfo);
  if (!entry || !entry.content || typeof entry.content !== "object") return null;
  const tokenEntry = getStoreEntry(SESSION_KEYS.token);
  return { ...entry.content, datetime: tokenEntry?.datetime ?? entry.datetime };
}

/** Stores token, refresh token and user info (local storage, each with its datetime). */
export function saveTokens(t: TokenResponse): void {
  setStore({ name: SESSION_KEYS.token, content: t.access_token, type: "local" });
  setStore({ name: SESSION_KEYS.refreshToken, content: t.refresh_token, type: "local" });
  setStore({ name: SESSION_KEYS.userInfo, content: t, type: "local" });
}

/** Seconds since the access token was stored, or null when there is no token. */
export function getTokenAgeSeconds(): number | null {
  if (!getAccessToken()) return null;
  const entry = getStoreEntry(SESSION_KEYS.token);
  if (!entry || typeof entry.datetime !== "number") return null;
  return Math.max(0, (Date.now() - entry.datetime) / 1000);
}

/** Forced local logout: drops tokens, user, menus, permissions, tags and the lock. */
export function clearSession(): void {
  for (const name of Object.values(SESSION_KEYS)) removeStore({ name });
}

export const isLocked = (): boolean => getStore<boolean>({ name: SESSION_KEYS.lock }) === true;

/** Locks the screen (session storage, §4). A lock password is required. */
export function lockSession(password: string): void {
  if (!password) throw new Error("a lock password is required");
  setStore({ name: SESSION_KEYS.lockPassword, content: password, type: "session" });
  setStore({ name: SESSION_KEYS.lock, content: true, type: "session" });
}

/** Unlocks when the password matches the lock password; returns whether it did. */
export function unlockSession(password: string): boolean {
  if (!isLocked()) return true;
  if (password !== getStore<string>({ name: SESSION_KEYS.lockPassword })) return false;
  clearLock();
  return true;
}

export function clearLock(): void {
  removeStore({ name: SESSION_KEYS.lock });
  removeStore({ name: SESSION_KEYS.lockPassword });
}
