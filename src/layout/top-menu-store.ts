/**
 * The top menu of §2. The administrator works with the full menu tree loaded at sign-in and gets no
 * top menu; every other role gets the server's top menus and, in the side menu, the pages of the
 * selected one plus the granted pages no top menu holds (contract/menu-reach.ts decides, for the
 * side menu, the route guard and the server's 权限解释 alike). The menu store keeps the whole granted
 * tree; this store keeps each top entry's pages and the selection, which survive a reload (session
 * storage `topMenus`, `topMenuId`).
 */
import { useMemo, useSyncExternalStore } from "react";
import type { MenuNode } from "../../domain/contract";
import { roleAliases, sideMenu, type MenuReach, type TopEntry } from "../../domain/contract/menu-reach";
import { fetchMenuRoutes, fetchTopMenu, loadMenusAndPermissions, type TopMenu } from "../providers/auth";
import { getMenu, useMenu } from "../providers/auth/menu-store";
import { getUserInfo, type SessionUser } from "../providers/auth/session";
import { getStore, setStore } from "../providers/storage";
import { isAdministrator, useSessionUser } from "./session-user";

export { BACKEND_MENU_NAME, sideMenuFor } from "../../domain/contract/menu-reach";

export const TOP_MENU_KEY = "topMenuId";
const TOPS_KEY = "topMenus";

export type LoadedTop = TopMenu & Pick<TopEntry, "routes">;

export interface TopMenuState {
  items: LoadedTop[];
  activeId: string | null;
  /** The user the items were loaded for: another user's never count. */
  owner: string | null;
}

const saved = getStore<Pick<TopMenuState, "items" | "owner">>({ name: TOPS_KEY });
let state: TopMenuState = {
  items: Array.isArray(saved?.items) ? saved.items : [],
  owner: saved?.owner ?? null,
  activeId: getStore<string>({ name: TOP_MENU_KEY }) ?? null,
};
// Only the latest load may write the top menus (a switch of role can overtake a load).
let generation = 0;
const listeners = new Set<() => void>();

function set(next: TopMenuState) {
  state = next;
  setStore({ name: TOPS_KEY, content: { items: next.items, owner: next.owner }, type: "session" });
  if (next.activeId) setStore({ name: TOP_MENU_KEY, content: next.activeId, type: "session" });
  listeners.forEach((l) => l());
}

/** The reach of the signed-in user: the granted tree, the loaded top entries, the role aliases. */
export function reachOf(menus: MenuNode[], loaded: Pick<TopMenuState, "items" | "owner">, user: Pick<SessionUser, "role_name" | "user_id"> | null): MenuReach {
  const mine = !!user && loaded.owner === user.user_id && !isAdministrator(user);
  return { menus, tops: mine ? loaded.items : [], roles: roleAliases(user?.role_name) };
}

/** Selects a top entry and answers its side menu. */
export function selectTopMenu(id: string): MenuNode[] {
  set({ ...state, activeId: id });
  return sideMenu(reachOf(getMenu(), state, getUserInfo()), id);
}

/** Loads the top menus of the user (none for the administrator), each with its pages. */
export async function loadTopMenus(user: Pick<SessionUser, "role_name" | "user_id"> | null = getUserInfo()): Promise<void> {
  const mine = ++generation;
  if (!user || isAdministrator(user)) {
    set({ items: [], activeId: null, owner: null });
    return;
  }
  const tops = [...(await fetchTopMenu().catch(() => [] as TopMenu[]))].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
  const items = await Promise.all(tops.map(async (t) => ({ ...t, routes: await fetchMenuRoutes(t.id).catch(() => [] as MenuNode[]) })));
  if (mine !== generation) return;
  const savedId = getStore<string>({ name: TOP_MENU_KEY });
  set({ items, owner: user.user_id, activeId: (items.find((i) => i.id === savedId) ?? items[0])?.id ?? null });
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
  set({ items: [], activeId: null, owner: null });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const useTopMenuState = (): TopMenuState => useSyncExternalStore(subscribe, getTopMenuState, getTopMenuState);

/** What the signed-in user reaches (the route guard's and the top menu's input). */
export function useMenuReach(): MenuReach {
  const menus = useMenu();
  const loaded = useTopMenuState();
  const user = useSessionUser();
  return useMemo(() => reachOf(menus, loaded, user), [menus, loaded, user]);
}

/** The side menu of the selected top entry (the whole tree without top entries). */
export function useSideMenu(): MenuNode[] {
  const reach = useMenuReach();
  const { activeId } = useTopMenuState();
  return useMemo(() => sideMenu(reach, activeId), [reach, activeId]);
}
