import { Alert, Empty, Space, Table, Tag } from "antd";
import { useTranslation } from "react-i18next";
import type { RunResult } from "./api";

/** The result grid of a run: one table per answered select, a note for each simulated statement. */
export function RunResults({ results }: { results: RunResult[] | null }) {
  const { t } = useTranslation();
  if (!results) return <Empty description={t("ide.noResult")} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Space direction="vertical" style={{ width: "100%" }} aria-label={t("ide.result")}>
      {results.map((r) =>
        r.simulated ? (
          <Alert key={r.statement} type="info" showIcon message={<><Tag>{`#${r.statement}`}</Tag>{t("ide.simulated")}：{r.message}</>} />
        ) : (
          <Table
            key={r.statement}
            size="small"
            title={() => `#${r.statement} ${r.message}`}
            pagination={false}
            rowKey="__row"
            dataSource={r.rows.map((row, i) => ({ ...row, __row: i }))}
            columns={r.columns.map((c) => ({ title: c, dataIndex: c, key: c }))}
          />
        ),
      )}
    </Space>
  );
}
