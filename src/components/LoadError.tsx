import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { browser } from "./browser";
import { StatusMessage } from "./StatusMessage";
import "./route-i18n";

interface Props {
  /** false: a page crashed rather than failed to load. */
  chunk?: boolean;
  /** Where "reload" goes; the current page when absent. */
  reloadTo?: string;
}

/** The load-error page (§8): instead of a blank screen, say what happened and offer a reload. */
export function LoadError({ chunk = true, reloadTo }: Props) {
  const { t } = useTranslation();
  // A full navigation, not a client-side one: the failed chunk is cached by React.lazy until the page reloads.
  const reload = () => (reloadTo ? browser.assign(reloadTo) : browser.reload());
  return (
    <StatusMessage
      status={chunk ? "warning" : "error"}
      title={t(chunk ? "routeGuard.loadErrorTitle" : "routeGuard.crashTitle")}
      subTitle={t(chunk ? "routeGuard.loadErrorText" : "routeGuard.crashText")}
      extra={
        <Button type="primary" onClick={reload}>
          {t("routeGuard.reload")}
        </Button>
      }
    />
  );
}
