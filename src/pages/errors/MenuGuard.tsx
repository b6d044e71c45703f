import type { ReactNode } from "react";
import { useMenu } from "../../providers/auth/menu-store";
import { findTrail } from "../../layout/menu-tree";
import ErrorPage from "./ErrorPage";

/**
 * A resource page opens only for users whose menu holds its path; others get the 403 page.
 * The server refuses their calls anyway — this spares them a page of error toasts.
 */
export function MenuGuard({ path, children }: { path: string; children: ReactNode }) {
  const menu = useMenu();
  return findTrail(menu, path).length ? <>{children}</> : <ErrorPage status="403" />;
}
