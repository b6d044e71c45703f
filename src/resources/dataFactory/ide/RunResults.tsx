import { Alert, Empty, Space, Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { RunOutcome } from "./api";

/**
 * The results panel of a run. What a simulated run is, it says once above everything; then either
 * the errors that kept the script from running (a failed run), or one table per answered select
 * and a single line for the statements that returned nothing.
 */
export function RunResults({ results }: { results: RunOutcome | null }) {
  const { t } = useTranslation();
  if (!results) return <Empty description={t("ide.noResult")} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const empty = "results" in results ? results.results.filter((r) => r.simulated).map((r) => `#${r.statement}`) : [];
  return (
    <Space direction="vertical" style={{ width: "100%" }} aria-label={t("ide.result")}>
      <Typography.Text type="secondary">{t("ide.simulatedNote")}</Typography.Text>
      {"errors" in results ? (
        <Alert
          type="error"
          showIcon
          message={t("ide.runFailed")}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 16 }}>
              {results.errors.map((e, i) => (
                <li key={i}>
                  <Tag>{t("ide.errorAt", { line: e.line, column: e.column })}</Tag>
                  {e.message}
                </li>
              ))}
            </ul>
          }
        />
      ) : (
        <>
          {results.results
            .filter((r) => !r.simulated)
            .map((r) => (
              <Table
                key={r.statement}
                size="small"
                title={() => `#${r.statement} ${r.message}`}
                pagination={false}
                rowKey="__row"
                dataSource={r.rows.map((row, i) => ({ ...row, __row: i }))}
                columns={r.columns.map((c) => ({ title: c, dataIndex: c, key: c }))}
              />
            ))}
          {empty.length > 0 && <Typography.Text>{t("ide.noRows", { statements: empty.join(t("ide.listSeparator")) })}</Typography.Text>}
        </>
      )}
    </Space>
  );
}
