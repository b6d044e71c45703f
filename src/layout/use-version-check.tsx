import { App, Button } from "antd";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { fetchDeployedVersion, isStale, pageVersion, VERSION_CHECK_MS } from "./version-check";

/**
 * Checks for a new deployment every 5 minutes and when the window regains focus; asks once per
 * deployed version to refresh now (§8 'new version detected, refresh to use now').
 */
export function useVersionCheck({ reload = () => window.location.reload(), intervalMs = VERSION_CHECK_MS } = {}) {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const prompted = useRef<string | null>(null);
  const reloadRef = useRef(reload);
  useEffect(() => {
    reloadRef.current = reload;
  }, [reload]);

  useEffect(() => {
    const current = pageVersion();
    if (!current) return;
    let live = true;
    const check = async () => {
      const deployed = await fetchDeployedVersion();
      if (!live || !isStale(current, deployed) || prompted.current === deployed) return;
      prompted.current = deployed;
      notification.warning({
        key: "new-version",
        message: t("layout.version.title"),
        description: t("layout.version.text"),
        duration: 0,
        actions: (
          <Button type="primary" size="small" onClick={() => reloadRef.current()}>
            {t("layout.version.refresh")}
          </Button>
        ),
      });
    };
    void check();
    const timer = window.setInterval(() => void check(), intervalMs);
    const onFocus = () => void check();
    window.addEventListener("focus", onFocus);
    return () => {
      live = false;
      window.clearInterval(timer);
      window.removeEventListener("focus", onFocus);
    };
  }, [notification, t, intervalMs]);
}
