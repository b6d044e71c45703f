import { Spin } from "antd";
import { lazy, Suspense, useState, type ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { importWithTimeout } from "./lazy-route";

/** Shown over the page while a dialog's code arrives (a first open only; the chunk is then cached). */
export function DialogLoading() {
  const { t } = useTranslation();
  return <Spin fullscreen tip={t("loading")} aria-label={t("loading")} />;
}

/**
 * A dialog whose code loads when it is first opened, so a page's first load carries only the page:
 * its dialogs (and what they alone use — uploads, steps, drawers, tree selects) come later. Its own
 * Suspense keeps the page on screen meanwhile; a chunk that cannot load reaches the route boundary
 * as a ChunkLoadError (the load-error page with its reload, §8), as a page's own chunk does.
 *
 * A dialog with an `open` prop may be rendered closed from the start: it is mounted (and its code
 * fetched) at the first opening and stays mounted, so its closing motion and the focus it gives
 * back work as they do for a dialog loaded with the page.
 */
export function lazyDialog<P extends object>(importer: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(() => importWithTimeout(async () => ({ default: await importer() })));
  function LazyDialog(props: P) {
    const open = (props as { open?: unknown }).open;
    const [opened, setOpened] = useState(open !== false);
    if (open !== false && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={<DialogLoading />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}

