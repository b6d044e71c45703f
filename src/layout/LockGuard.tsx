import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { website } from "../config/website";
import { isLocked } from "../providers/auth/session";

/**
 * While the screen is locked (§4) every route leads to the lock page, which returns to the page
 * asked for once unlocked. The flag is read on each navigation, not on every storage change, so
 * the lock dialog can close before the lock page opens. Never redirects from the lock page itself.
 */
export function LockGuard({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  if (isLocked() && pathname !== website.lockPage) {
    return <Navigate to={website.lockPage} replace state={{ from: `${pathname}${search}` }} />;
  }
  return <>{children}</>;
}
