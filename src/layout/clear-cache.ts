/**
 * 'Clear cache' of the tag bar (§2, §8): the server's caches, react-query's cache and client
 * storage, keeping what the session needs to go on (tokens, user, language); the menu and the
 * permissions are then loaded afresh.
 */
import type { QueryClient } from "@tanstack/react-query";
import { website } from "../config/website";
import { http } from "../providers/http";
import { LANGUAGE_STORE_KEY } from "../providers/i18n";
import { SESSION_KEYS } from "../providers/auth/session";
import { removeStore } from "../providers/storage";
import { reloadMenus } from "./top-menu-store";
import { API } from "../../domain/contract/api";

export const CLEAR_CACHE_PATH = API.get("/blade-auth/oauth/clear-cache");

/** The refresh token stays too: without it the session would end at the next refresh. */
export const KEPT_ON_CLEAR = [SESSION_KEYS.token, SESSION_KEYS.refreshToken, SESSION_KEYS.userInfo, LANGUAGE_STORE_KEY];

/** Names of our entries in both storage areas. */
function storedNames(): string[] {
  const prefix = `${website.key}-`;
  const names = new Set<string>();
  for (const area of [window.localStorage, window.sessionStorage]) {
    for (let i = 0; i < area.length; i++) {
      const key = area.key(i);
      if (key?.startsWith(prefix)) names.add(key.slice(prefix.length));
    }
  }
  return [...names];
}

/** Removes every entry except the kept ones, one by one so each store hears its own change. */
export function clearClientStorage(keep: readonly string[] = KEPT_ON_CLEAR): void {
  for (const name of storedNames()) if (!keep.includes(name)) removeStore({ name });
}

export async function clearCaches(queryClient: QueryClient): Promise<void> {
  // A gateway without the endpoint must not stop the local clean-up.
  await http.get(CLEAR_CACHE_PATH, { silent: true }).catch(() => undefined);
  clearClientStorage();
  await reloadMenus().catch(() => undefined);
  queryClient.removeQueries({ type: "inactive" });
  await queryClient.resetQueries({ type: "active" });
}
