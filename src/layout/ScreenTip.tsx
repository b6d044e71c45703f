import { Alert, Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { getStore, setStore } from "../providers/storage";
import { belowReference, useWindowHeight, useWindowWidth } from "./screen";

export const SCREEN_TIP_KEY = "screenTipHidden";

/** The §2 banner asking for 1920x1080 when the window is smaller; 'do not show again' is remembered. */
export function ScreenTip() {
  const { t } = useTranslation();
  const width = useWindowWidth();
  const height = useWindowHeight();
  const [closed, setClosed] = useState(() => getStore<boolean>({ name: SCREEN_TIP_KEY }) === true);

  if (closed || !belowReference(width, height)) return null;

  const never = () => {
    setStore({ name: SCREEN_TIP_KEY, content: true, type: "local" });
    setClosed(true);
  };

  return (
    <Alert
      banner
      closable
      type="warning"
      message={t("layout.screenTip.text")}
      onClose={() => setClosed(true)}
      action={<Button size="small" type="link" onClick={never}>{t("layout.screenTip.never")}</Button>}
    />
  );
}
