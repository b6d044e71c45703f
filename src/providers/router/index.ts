import type { GoConfig, RouterProvider } from "@refinedev/core";
import refineRouter from "@refinedev/react-router";
import { useCallback, useContext } from "react";
import { UNSAFE_NavigationContext, useLocation } from "react-router";

/**
 * Where the router's history is now. While a navigation renders (react-router runs it as a
 * transition) this is already the new page, whereas useLocation() still gives the old one.
 */
function historyPathname(navigator: object): string | undefined {
  if (!("location" in navigator)) return undefined;
  const { location } = navigator;
  if (typeof location !== "object" || location === null || !("pathname" in location)) return undefined;
  return typeof location.pathname === "string" ? location.pathname : undefined;
}

const pathOf = (to: string) => to.split(/[?#]/)[0];

/** refine's table-state sync (useTable with syncWithLocation): a replace of the asking page's query only. */
const isQuerySync = (config: GoConfig, page: string) =>
  config.type === "replace" && (!config.to || pathOf(config.to) === page);

// The binding always has go; the fallback is refine's own for a router without one.
const useRefineGo = refineRouter.go ?? (() => () => undefined);

/**
 * refine's go(), except that a page that has been left no longer rewrites its query. refine's
 * go() resolves a query-only path against the location the page last rendered with, so a sync
 * that runs after the user navigated away would replace the new entry with the old page and
 * bounce the user back to it.
 */
function useGuardedGo() {
  const go = useRefineGo();
  const { pathname } = useLocation();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  return useCallback(
    (config: GoConfig) => {
      const now = historyPathname(navigator);
      if (isQuerySync(config, pathname) && now !== undefined && now !== pathname) return undefined;
      return go(config);
    },
    [go, pathname, navigator],
  );
}

/** refine's react-router binding with the guarded go(). */
export const routerProvider: RouterProvider = { ...refineRouter, go: useGuardedGo };
