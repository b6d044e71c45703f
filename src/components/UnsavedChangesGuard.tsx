import { useWarnAboutChange } from "@refinedev/core";
import { App } from "antd";
import { useContext, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { UNSAFE_NavigationContext, useLocation } from "react-router";

/** The router's index of the history entry shown (react-router keeps it in history.state.idx). */
const historyIndex = (): number | null => {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === "number" ? idx : null;
};

/**
 * refine's unsaved-changes guard (warnWhenUnsavedChanges) with an antd confirmation instead of the
 * browser's confirm(): on an in-app navigation (a link, the menu, a tag) and on the browser's Back
 * and Forward. Closing or reloading the tab keeps the browser's own prompt, the only one browsers
 * allow there. Replacements (a list writing its query, the lock of §4) are never held.
 *
 * react-router's useBlocker needs a data router and the console uses <BrowserRouter>, so the push
 * of the router's navigator is wrapped (as refine's own notifier does), and Back is caught on its
 * popstate before the router sees it: the entry the user left is restored, and only a confirmed
 * leave goes back again.
 */
export function UnsavedChangesGuard() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { pathname } = useLocation();
  const { warnWhen, setWarnWhen } = useWarnAboutChange();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const warnRef = useRef(warnWhen);
  warnRef.current = warnWhen;
  const shownIndex = useRef<number | null>(null);

  // A new page starts without unsaved changes.
  useEffect(() => () => setWarnWhen(false), [pathname, setWarnWhen]);
  useEffect(() => {
    shownIndex.current = historyIndex();
  });

  useEffect(() => {
    if (!warnWhen) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [warnWhen]);

  useEffect(() => {
    let asking = false;
    const confirmLeave = (leave: () => void, stay: () => void = () => undefined) => {
      asking = true;
      modal.confirm({
        title: t("warnWhenUnsavedChanges"),
        okText: t("common.ok"),
        cancelText: t("buttons.cancel"),
        onOk: () => {
          asking = false;
          warnRef.current = false;
          setWarnWhen(false);
          leave();
        },
        onCancel: () => {
          asking = false;
          stay();
        },
      });
    };

    const push = navigator.push;
    navigator.push = (...args: Parameters<typeof push>) => {
      if (!warnRef.current) return push(...args);
      if (!asking) confirmLeave(() => push(...args));
    };

    // Back/Forward: 'restoring' marks the popstate of our own step back to the page left.
    let restoring: number | null = null;
    const onPopState = (e: PopStateEvent) => {
      const to = historyIndex();
      if (restoring !== null) {
        e.stopImmediatePropagation();
        const delta = restoring;
        restoring = null;
        confirmLeave(() => window.history.go(delta));
        return;
      }
      const from = shownIndex.current;
      if (!warnRef.current || asking || to === null || from === null || to === from) return;
      // Captured on the window before the router's own listener: the router never sees this step.
      e.stopImmediatePropagation();
      restoring = to - from;
      window.history.go(from - to);
    };
    window.addEventListener("popstate", onPopState, { capture: true });
    return () => {
      navigator.push = push;
      window.removeEventListener("popstate", onPopState, { capture: true });
    };
  }, [navigator, modal, t, setWarnWhen]);

  return null;
}
