import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import "../../layout/i18n";

/** The page shown instead of one that failed to render. */
export function ErrorFallback({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t("layout.errorLog.pageError")}
      extra={<Button type="primary" onClick={onRetry}>{t("layout.errorLog.retry")}</Button>}
    />
  );
}
