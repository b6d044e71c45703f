import { lazy, Suspense, useState } from "react";
import { getStore, setStore } from "../providers/storage";
import { belowReference, useWindowHeight, useWindowWidth } from "./screen";

// antd's Alert is drawn only on windows below the reference size: loaded then (issue 24).
const ScreenTipBanner = lazy(() => import("./ScreenTipBanner"));

export const SCREEN_TIP_KEY = "screenTipHidden";

/** The §2 banner asking for 1920x1080 when the window is smaller; 'do not show again' is remembered. */
export function ScreenTip() {
  const width = useWindowWidth();
  const height = useWindowHeight();
  const [closed, setClosed] = useState(() => getStore<boolean>({ name: SCREEN_TIP_KEY }) === true);

  if (closed || !belowReference(width, height)) return null;

  const never = () => {
    setStore({ name: SCREEN_TIP_KEY, content: true, type: "local" });
    setClosed(true);
  };

  return (
    <Suspense>
      <ScreenTipBanner onClose={() => setClosed(true)} onNever={never} />
    </Suspense>
  );
}
