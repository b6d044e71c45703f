import { Alert, Button, Card, Empty, Skeleton } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

interface Props {
  title: ReactNode;
  extra?: ReactNode;
  loading: boolean;
  error: boolean;
  empty: boolean;
  retry: () => void;
  children: ReactNode;
}

/** A dashboard card with its three other states: loading, failed (with a retry) and nothing to show (暂无数据). */
export function FigureCard({ title, extra, loading, error, empty, retry, children }: Props) {
  const { t } = useTranslation();
  let body: ReactNode = children;
  if (loading) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (error)
    body = (
      <Alert
        type="error"
        showIcon
        message={t("dashboard.loadFailed")}
        action={<Button size="small" onClick={retry}>{t("dashboard.retry")}</Button>}
      />
    );
  else if (empty) body = <Empty description={t("common.empty")} style={{ padding: "64px 0" }} />;
  return (
    <Card title={title} extra={extra} styles={{ body: { minHeight: 320 } }}>
      {body}
    </Card>
  );
}
