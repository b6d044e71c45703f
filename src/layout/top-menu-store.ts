/**
 * The top menu of §2. The administrator keeps the full menu tree loaded at sign-in and gets no top
 * menu; every other role gets the server's top menus and, in the side menu, the tree of the
 * selected one. The selection survives a reload (session storage `topMenuId`).
 */
import { useSyncExternalStore } from "react";
import type { MenuNode } from "../contract";
import { fetchMenuRoutes, fetchTopMenu, loadMenusAndPermissions, type TopMenu } from "../providers/auth";
import { setMenu } from "../providers/auth/menu-store";
import { getUserInfo, type SessionUser } from "../providers/auth/session";
import { getStore, setStore } from "../providers/storage";
import { isAdministrator } from "./session-user";

export const TOP_MENU_KEY = "topMenuId";
/** The top entry whose side menu is its children rather than itself (§2, 'backend management'). */
export const BACKEND_MENU_NAME = "后台管理";

export interface TopMenuState {
  items: TopMenu[];
  activeId: string | null;
}

let state: TopMenuState = { items: [], activeId: null };
// Only the latest load or click may write the side menu (clicks can overtake each other).
let generation = 0;
const listeners = new Set<() => void>();

function set(next: TopMenuState) {
  state = next;
  listeners.forEach((l) => l());
}

/**
 * The side menu for a top entry. Under 后台管理 the server answers the backend's root node(s);
 * the side menu lists what is below them, so the user does not open one more level.
 */
export function sideMenuFor(top: Pick<TopMenu, "name">, routes: MenuNode[]): MenuNode[] {
  if (top.name !== BACKEND_MENU_NAME) return routes;
  return routes.flatMap((r) => (r.children?.length ? r.children : [r]));
}

/** Selects a top entry: loads its menu tree into the side menu and returns it. */
export async function selectTopMenu(top: TopMenu): Promise<MenuNode[]> {
  const mine = ++generation;
  set({ ...state, activeId: top.id });
  setStore({ name: TOP_MENU_KEY, content: top.id, type: "session" });
  const side = sideMenuFor(top, await fetchMenuRoutes(top.id));
  if (mine === generation) setMenu(side);
  return side;
}

/** Loads the top menus of the user (none for the administrator) and applies the saved or first one. */
export async function loadTopMenus(user: Pick<SessionUser, "role_name"> | null = getUserInfo()): Promise<void> {
  const mine = ++generation;
  if (!user || isAdministrator(user)) {
    set({ items: [], activeId: null });
    return;
  }
  const items = [...(await fetchTopMenu().catch(() => [] as TopMenu[]))].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
  if (mine !== generation) return;
  if (!items.length) {
    set({ items: [], activeId: null });
    return;
  }
  const saved = getStore<string>({ name: TOP_MENU_KEY });
  set({ items, activeId: null });
  await selectTopMenu(items.find((i) => i.id === saved) ?? items[0]);
}

/** Reloads menus and permissions from the server, then the top menu (after a switch or a cache clear). */
export async function reloadMenus(): Promise<void> {
  await loadMenusAndPermissions();
  await loadTopMenus(getUserInfo());
}

export const getTopMenuState = () => state;

/** Forgets the loaded top menus (tests, sign-out). */
export function resetTopMenus() {
  generation++;
  set({ items: [], activeId: null });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const useTopMenuState = (): TopMenuState => useSyncExternalStore(subscribe, getTopMenuState, getTopMenuState);
