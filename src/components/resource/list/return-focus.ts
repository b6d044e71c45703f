import { useEffect, useRef } from "react";

/**
 * Gives the focus back to what opened a dialog once the dialog is closed. antd's Modal does this
 * itself at the end of its closing motion, but the kit unmounts its form dialogs as they close
 * (a fresh form on every opening), so that moment never comes and the focus fell to <body>: a
 * keyboard user started again from the top of the page.
 *
 * Call the returned `remember` just before opening. An opener inside a dropdown menu leaves with
 * its menu: the dropdown's trigger (antd marks it `-dropdown-open` while its menu shows) gets the
 * focus instead.
 */
export function useReturnFocus(open: boolean): () => void {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const target = opener.current;
    if (open || !target) return;
    opener.current = null;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (lost && target.isConnected) target.focus({ preventScroll: true });
  }, [open]);
  return () => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || active === document.body) return;
    const trigger = active.closest(".ant-dropdown") ? document.querySelector<HTMLElement>(".ant-dropdown-open") : null;
    opener.current = trigger ?? active;
  };
}
