import { useSyncExternalStore } from "react";
import { ADMINISTRATOR_ALIAS } from "../../domain/contract";
import { getUserInfo, SESSION_KEYS, type SessionUser } from "../providers/auth/session";
import { onStoreChange } from "../providers/storage";
import { roleAliases } from "./menu-tree";

// getUserInfo() builds a new object on every call; React needs one stable snapshot per change.
let cached: SessionUser | null | undefined;
const listeners = new Set<() => void>();

onStoreChange((name) => {
  if (name !== null && name !== SESSION_KEYS.userInfo && name !== SESSION_KEYS.token) return;
  cached = undefined;
  listeners.forEach((l) => l());
});

function snapshot(): SessionUser | null {
  if (cached === undefined) cached = getUserInfo();
  return cached;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The signed-in user of the token grant; re-renders after a refresh or a switch of role. */
export const useSessionUser = (): SessionUser | null => useSyncExternalStore(subscribe, snapshot, snapshot);

/** The platform administrator sees the whole menu and no top menu (§2). */
export const isAdministrator = (user: Pick<SessionUser, "role_name"> | null | undefined): boolean =>
  roleAliases(user?.role_name).includes(ADMINISTRATOR_ALIAS);

/** The name the top bar and the lock page show. */
export const displayName = (user: SessionUser | null): string => user?.real_name || user?.nick_name || user?.account || "";
