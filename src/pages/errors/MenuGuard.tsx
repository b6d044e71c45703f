import { Suspense, type ReactNode } from "react";
import { canOpenPath } from "../../../domain/contract/menu-reach";
import { useMenuReach } from "../../layout/top-menu-store";
import { lazyRoute } from "../../components/lazy-route";

// The 403 page is for the few who type an address they cannot reach: it loads when shown.
const ErrorPage = lazyRoute(() => import("./ErrorPage"));

/**
 * A resource page opens only for users who reach it (contract/menu-reach.ts: the rule the side
 * menu and the server's 权限解释 share); others get the 403 page. The server refuses their calls
 * anyway — this spares them a page of error toasts.
 */
export function MenuGuard({ path, children }: { path: string; children: ReactNode }) {
  return canOpenPath(useMenuReach(), path) ? <>{children}</> : (
    <Suspense fallback={null}>
      <ErrorPage status="403" />
    </Suspense>
  );
}
