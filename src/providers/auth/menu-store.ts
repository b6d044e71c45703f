/**
 * The loaded menu tree and the granted button codes, kept in client storage (`menu`, `permission`)
 * with a subscribe API so React re-renders when they change (also when the session is cleared).
 */
import { useSyncExternalStore } from "react";
import type { MenuNode } from "../../../domain/contract";
import { getStore, onStoreChange, setStore } from "../storage";
import { SESSION_KEYS } from "./session";

type Listener = () => void;

const EMPTY_MENU: MenuNode[] = [];
let menuCache: MenuNode[] | null = null;
let permissionCache: Set<string> | null = null;
const listeners = new Set<Listener>();

onStoreChange((name) => {
  if (name !== null && name !== SESSION_KEYS.menu && name !== SESSION_KEYS.permission) return;
  if (name === null || name === SESSION_KEYS.menu) menuCache = null;
  if (name === null || name === SESSION_KEYS.permission) permissionCache = null;
  for (const l of [...listeners]) l();
});

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function setMenu(nodes: MenuNode[]): void {
  setStore({ name: SESSION_KEYS.menu, content: nodes, type: "local" });
}

export function getMenu(): MenuNode[] {
  if (!menuCache) {
    const stored = getStore<MenuNode[]>({ name: SESSION_KEYS.menu });
    menuCache = Array.isArray(stored) ? stored : EMPTY_MENU;
  }
  return menuCache;
}

/** Every leaf code of the buttons tree (a node without children contributes its code). */
export function leafCodes(nodes: MenuNode[] | undefined): string[] {
  const out: string[] = [];
  const walk = (list: MenuNode[] | undefined) => {
    for (const n of list ?? []) {
      if (n.children && n.children.length > 0) walk(n.children);
      else if (n.code) out.push(n.code);
    }
  };
  walk(nodes);
  return [...new Set(out)];
}

/** Grants every leaf code of the server's buttons tree (§6). */
export function setPermissionTree(nodes: MenuNode[]): void {
  setPermissionCodes(leafCodes(nodes));
}

export function setPermissionCodes(codes: string[]): void {
  setStore({ name: SESSION_KEYS.permission, content: [...new Set(codes)], type: "local" });
}

export function getPermissions(): Set<string> {
  if (!permissionCache) {
    const stored = getStore<string[]>({ name: SESSION_KEYS.permission });
    permissionCache = new Set(Array.isArray(stored) ? stored : []);
  }
  return permissionCache;
}

/** §3 默认首页 (yes_no 2) and the console's own client (systemType 1): as the menu spec names them. */
const IS_DEFAULT_YES = 2;
const SYSTEM_TYPE_CONSOLE = 1;

/**
 * The path of the first 默认首页 in the loaded menu that this console can open (a menu of the web
 * console whose path is one of its routes), or null: the user lands on it after signing in. A user
 * who does not hold it has no such node, so lands as before. A gateway that sends no isDefault gives none.
 */
export function defaultPagePath(nodes: MenuNode[] = getMenu()): string | null {
  for (const n of nodes) {
    const isConsole = (n.systemType ?? SYSTEM_TYPE_CONSOLE) === SYSTEM_TYPE_CONSOLE;
    if (!isConsole) continue;
    if (n.category === 1 && n.isDefault === IS_DEFAULT_YES && /^\/[^/\\]/.test(n.path ?? "")) return n.path;
    const below = defaultPagePath(n.children ?? []);
    if (below) return below;
  }
  return null;
}

export const useMenu = (): MenuNode[] => useSyncExternalStore(subscribe, getMenu, getMenu);

export const usePermissions = (): Set<string> => useSyncExternalStore(subscribe, getPermissions, getPermissions);
