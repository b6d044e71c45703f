/**
 * Client storage (spec §9): every key is prefixed with the site key, every entry holds its data
 * type, content, storage type and timestamp. Session storage is searched before local storage.
 */
import { website } from "../../config/website";

export type StoreType = "session" | "local";

export interface StoreEntry<T = unknown> {
  dataType: string;
  content: T;
  type: StoreType;
  datetime: number;
}

export type StoreListener = (name: string | null) => void;

const listeners = new Set<StoreListener>();

/** In-memory stand-in where the Web Storage API is missing (Node, some sandboxed frames). */
class MemoryStorage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.map.has(k) ? this.map.get(k)! : null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, String(v));
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
  clear() {
    this.map.clear();
  }
}

const fallback: Record<StoreType, MemoryStorage> = { session: new MemoryStorage(), local: new MemoryStorage() };

function area(type: StoreType): Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length"> {
  try {
    const s = type === "session" ? globalThis.sessionStorage : globalThis.localStorage;
    if (s) return s;
  } catch {
    // access denied (e.g. disabled cookies): fall through to memory
  }
  return fallback[type];
}

export const storeKey = (name: string) => `${website.key}-${name}`;

function emit(name: string | null) {
  for (const l of [...listeners]) l(name);
}

/** Listen to every change made through this module (name null = several keys cleared). */
export function onStoreChange(listener: StoreListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setStore<T>({ name, content, type = "local" }: { name: string; content: T; type?: StoreType }): void {
  const entry: StoreEntry<T> = { dataType: typeof content, content, type, datetime: Date.now() };
  const key = storeKey(name);
  // An entry lives in one area only, so a stale copy never shadows the new one.
  area(type === "session" ? "local" : "session").removeItem(key);
  area(type).setItem(key, JSON.stringify(entry));
  emit(name);
}

function read(key: string): StoreEntry | null {
  for (const type of ["session", "local"] as const) {
    const raw = area(type).getItem(key);
    if (raw == null) continue;
    try {
      const parsed = JSON.parse(raw) as StoreEntry;
      if (parsed && typeof parsed === "object" && "content" in parsed) return parsed;
    } catch {
      // a foreign or corrupt value: ignore it
    }
  }
  return null;
}

export function getStoreEntry<T = unknown>(name: string): StoreEntry<T> | null {
  return read(storeKey(name)) as StoreEntry<T> | null;
}

export function getStore<T = unknown>({ name }: { name: string; debug?: false }): T | undefined;
export function getStore<T = unknown>({ name, debug }: { name: string; debug: true }): StoreEntry<T> | undefined;
export function getStore<T = unknown>(opts: { name: string; debug?: boolean }): T | StoreEntry<T> | undefined;
export function getStore<T = unknown>({ name, debug }: { name: string; debug?: boolean }): T | StoreEntry<T> | undefined {
  const entry = getStoreEntry<T>(name);
  if (!entry) return undefined;
  return debug ? entry : entry.content;
}

export function removeStore({ name }: { name: string }): void {
  const key = storeKey(name);
  area("session").removeItem(key);
  area("local").removeItem(key);
  emit(name);
}

/** Removes our prefixed keys only (from one area, or both when no type is given). */
export function clearStore({ type }: { type?: StoreType } = {}): void {
  const prefix = `${website.key}-`;
  for (const t of type ? [type] : (["session", "local"] as const)) {
    const s = area(t);
    const keys: string[] = [];
    for (let i = 0; i < s.length; i++) {
      const k = s.key(i);
      if (k?.startsWith(prefix)) keys.push(k);
    }
    keys.forEach((k) => s.removeItem(k));
  }
  emit(null);
}

// Another tab changed our storage: let subscribers re-read.
if (typeof window !== "undefined" && typeof window.addEventListener === "function") {
  window.addEventListener("storage", (e) => {
    if (e.key === null) emit(null);
    else if (e.key.startsWith(`${website.key}-`)) emit(e.key.slice(website.key.length + 1));
  });
}
