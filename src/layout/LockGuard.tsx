import { useEffect, useReducer, type ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { website } from "../config/website";
import { isLocked, onLockChangedElsewhere } from "../providers/auth/session";

/**
 * While the screen is locked (§4) every route leads to the lock page, which returns to the page
 * asked for once unlocked. The lock is shared by every tab of the browser: a tab locked elsewhere
 * goes to the lock page at once, and a tab opened while locked starts there. In the tab that locks,
 * the flag is read on the next navigation, so the lock dialog can close before the lock page opens.
 * Never redirects from the lock page itself.
 */
export function LockGuard({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => onLockChangedElsewhere(rerender), []);
  if (isLocked() && pathname !== website.lockPage) {
    return <Navigate to={website.lockPage} replace state={{ from: `${pathname}${search}` }} />;
  }
  return <>{children}</>;
}
