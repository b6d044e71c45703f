import { useCallback, useEffect, useRef, useState } from "react";
import { website } from "../config/website";

/**
 * Prevent-double-click (§9, 3000 ms): `guard(fn)` runs fn once, then ignores calls until `ms` have
 * passed; `blocked` tells the button to show itself disabled meanwhile. A ref, not the state,
 * decides, so two clicks in the same frame still run fn once.
 */
export function usePreventDoubleClick(ms: number = website.preventDoubleClickMs) {
  const [blocked, setBlocked] = useState(false);
  const until = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const guard = useCallback(
    <A extends unknown[]>(fn?: (...args: A) => void) =>
      (...args: A) => {
        const now = Date.now();
        if (now < until.current) {
          // A blocked click on a submit button must not submit its form either.
          (args[0] as { preventDefault?: () => void } | undefined)?.preventDefault?.();
          return;
        }
        until.current = now + ms;
        setBlocked(true);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          until.current = 0;
          setBlocked(false);
        }, ms);
        fn?.(...args);
      },
    [ms],
  );

  return { blocked, guard };
}
