import { useEffect, useReducer, type ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { website } from "../config/website";
import { isLocked, onLockChangedElsewhere, onLockChangedHere } from "../providers/auth/session";

/**
 * While the screen is locked (§4) every route leads to the lock page, which returns to the page
 * asked for once unlocked. The lock is shared by every tab of the browser: a tab locked elsewhere
 * goes to the lock page at once, and a tab opened while locked starts there. In the tab that locks,
 * the guard looks again website.lockDelayMs later, so the lock dialog closes before the lock page
 * opens, remembering the page the tab is on then. Never redirects from the lock page itself.
 */
export function LockGuard({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offElsewhere = onLockChangedElsewhere(rerender);
    const offHere = onLockChangedHere(() => {
      clearTimeout(timer);
      timer = setTimeout(rerender, website.lockDelayMs);
    });
    return () => {
      offElsewhere();
      offHere();
      clearTimeout(timer);
    };
  }, []);
  if (isLocked() && pathname !== website.lockPage) {
    return <Navigate to={website.lockPage} replace state={{ from: `${pathname}${search}` }} />;
  }
  return <>{children}</>;
}
