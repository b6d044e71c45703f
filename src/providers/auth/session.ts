/**
 * The signed-in session in client storage. Only uses the storage module, so that the http layer
 * (token header, refresh, forced logout) can import it without a cycle.
 */
import type { TokenResponse } from "../../../domain/contract";
import { getStore, getStoreEntry, onStoreChange, removeStore, setStore, storeKey } from "../storage";
import { pbkdf2 } from "@noble/hashes/pbkdf2.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";

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
  sharedLock: "sharedLock",
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

/**
 * The lock as every tab of the browser sees it (local storage): a random salt and the salted,
 * stretched SHA-256 of the lock password, never the password itself. §4's flag and password stay
 * in the session storage of the tab that locked; this entry is what makes the lock hold in the
 * other tabs, and in a tab opened later, until it is unlocked in any of them.
 */
interface SharedLock {
  salt: string;
  hash: string;
}

/**
 * PBKDF2-SHA256 rounds over the salted password: a stolen entry then costs a guesser that many
 * digests per guess. Synchronous (noble) because crypto.subtle is missing on plain-http intranet
 * addresses, where the console is often served.
 */
const LOCK_HASH_ROUNDS = 1000;

const lockHash = (salt: string, password: string): string => bytesToHex(pbkdf2(sha256, password, salt, { c: LOCK_HASH_ROUNDS, dkLen: 32 }));

function sharedLock(): SharedLock | null {
  const entry = getStoreEntry<SharedLock>(SESSION_KEYS.sharedLock);
  const lock = entry?.content;
  return lock && typeof lock === "object" && typeof lock.salt === "string" && typeof lock.hash === "string" ? lock : null;
}

/** Locked when any tab of this browser locked and none has unlocked since. */
export const isLocked = (): boolean => sharedLock() !== null;

/** Locks the screen in every tab (§4). A lock password is required. */
export function lockSession(password: string): void {
  if (!password) throw new Error("a lock password is required");
  const salt = bytesToHex(crypto.getRandomValues(new Uint8Array(16)));
  setStore({ name: SESSION_KEYS.lockPassword, content: password, type: "session" });
  setStore({ name: SESSION_KEYS.lock, content: true, type: "session" });
  setStore<SharedLock>({ name: SESSION_KEYS.sharedLock, content: { salt, hash: lockHash(salt, password) }, type: "local" });
}

/** Unlocks every tab when the password is the lock password; returns whether it did. */
export function unlockSession(password: string): boolean {
  const lock = sharedLock();
  if (!lock) return true;
  if (lockHash(lock.salt, password) !== lock.hash) return false;
  clearLock();
  return true;
}

export function clearLock(): void {
  removeStore({ name: SESSION_KEYS.lock });
  removeStore({ name: SESSION_KEYS.lockPassword });
  removeStore({ name: SESSION_KEYS.sharedLock });
}

/**
 * Calls back when another tab locks or unlocks (or signs out, which drops the lock). Changes made
 * in this tab are not reported: the tab that locks opens the lock page itself, after the dialog
 * has closed. A tab unlocked elsewhere also forgets its own §4 flag and password.
 */
export function onLockChangedElsewhere(callback: () => void): () => void {
  const key = storeKey(SESSION_KEYS.sharedLock);
  const listener = (e: StorageEvent) => {
    if (e.key !== null && e.key !== key) return;
    if (!isLocked()) {
      removeStore({ name: SESSION_KEYS.lock });
      removeStore({ name: SESSION_KEYS.lockPassword });
    }
    callback();
  };
  window.addEventListener("storage", listener);
  return () => window.removeEventListener("storage", listener);
}

/**
 * Calls back when this tab locks or unlocks. The lock guard follows the lock through this rather
 * than the dialog navigating: whatever page the tab is on when the lock lands, it leads to /lock.
 */
export function onLockChangedHere(callback: () => void): () => void {
  return onStoreChange((name) => {
    if (name === null || name === SESSION_KEYS.sharedLock) callback();
  });
}
