import { useEffect, useState } from "react";
import { consoleLooksOpen } from "./editor-settings";

/**
 * §2: the IDE page blocks F12 (the context menu stays allowed) and reports docked developer
 * tools — a window larger than its viewport by more than 180 px — so the page can refuse to show.
 */
export function useConsoleGuard(): boolean {
  const [open, setOpen] = useState(() => consoleLooksOpen(window));
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "F12") {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    const onResize = () => setOpen(consoleLooksOpen(window));
    window.addEventListener("keydown", onKey, true);
    window.addEventListener("resize", onResize);
    return () => {
      window.removeEventListener("keydown", onKey, true);
      window.removeEventListener("resize", onResize);
    };
  }, []);
  return open;
}
