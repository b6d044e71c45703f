import { Button } from "antd";
import { useTranslation } from "react-i18next";
import "../../layout/i18n";
import { StatusMessage } from "../StatusMessage";

/** The page shown instead of one that failed to render. */
export function ErrorFallback({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <StatusMessage
      status="error"
      title={t("layout.errorLog.pageError")}
      extra={<Button type="primary" onClick={onRetry}>{t("layout.errorLog.retry")}</Button>}
    />
  );
}
