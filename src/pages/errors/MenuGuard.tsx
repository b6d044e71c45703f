import type { ReactNode } from "react";
import { canOpenPath } from "../../../domain/contract/menu-reach";
import { useMenuReach } from "../../layout/top-menu-store";
import ErrorPage from "./ErrorPage";

/**
 * A resource page opens only for users who reach it (contract/menu-reach.ts: the rule the side
 * menu and the server's 权限解释 share); others get the 403 page. The server refuses their calls
 * anyway — this spares them a page of error toasts.
 */
export function MenuGuard({ path, children }: { path: string; children: ReactNode }) {
  return canOpenPath(useMenuReach(), path) ? <>{children}</> : <ErrorPage status="403" />;
}
