import { useEffect, useState, type ComponentType } from "react";
import { importWithTimeout } from "../components/lazy-route";

type IconFor = (source: string | undefined) => ComponentType;

let iconFor: IconFor | undefined;
let loading: Promise<IconFor> | undefined;

/**
 * The menu's icons (~40 of them, a tenth of a page's first load) are a chunk of their own, fetched
 * when a menu first renders: the page paints without waiting for them. A failed fetch leaves the
 * menu without icons (they are decoration; every item has its name) and is tried again next time.
 */
export function loadMenuIcons(): Promise<IconFor> {
  loading ??= importWithTimeout(() => import("./menu-icon-set")).then(
    (m) => (iconFor = m.menuIconFor),
    (e: unknown) => {
      loading = undefined;
      throw e;
    },
  );
  return loading;
}

/** The icon a menu's `source` names; until the icon set has arrived, an empty box of the icon's size. */
export function MenuIcon({ source }: { source?: string }) {
  const [, setLoaded] = useState(iconFor !== undefined);
  useEffect(() => {
    if (iconFor) return;
    let live = true;
    loadMenuIcons().then(
      () => live && setLoaded(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!iconFor) return <span className="anticon" aria-hidden style={{ width: "1em", height: "1em" }} />;
  const Icon = iconFor(source);
  return <Icon />;
}
