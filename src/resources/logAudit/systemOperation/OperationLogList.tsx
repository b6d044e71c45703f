import { SafetyCertificateOutlined } from "@ant-design/icons";
import { CanAccess, type BaseRecord } from "@refinedev/core";
import { Alert, Button, Descriptions, Modal, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { R } from "../../../../domain/contract";
import { http } from "../../../providers/http";
import { RowActions } from "../../../components/resource/ListToolbar";
import { clippedText, COLUMN_WIDTH } from "../../../components/table-columns";
import { operationTitle } from "../../../layout/menu-name";
import { useLanguage } from "../../../providers/i18n";
import { LogList } from "../shared/LogList";
import { operationLogSpec } from "../../../../domain/resources/logAudit/systemOperation/log-spec";

interface ChainReport {
  ok: boolean;
  checked: number;
  broken: { tenantId: string; id: string; seq: number; createTime: string; reason: string } | null;
}

/** The module of §7's api/operationList and api/export (beside operationLog/…). */
const LOG_API = operationLogSpec.api.slice(0, operationLogSpec.api.lastIndexOf("/"));

/** The operation column as the spec sizes it (255 characters: clipped, the whole on hover). */
const titleCell = clippedText<BaseRecord>(COLUMN_WIDTH.text);

const ACTION_COLOR: Record<string, string> = { insert: "green", update: "blue", remove: "red", export: "gold" };

/** `{"<id>": {"field": [before, after]}}` as rows; anything else (an export's filter) as its JSON. */
function changesOf(summary: unknown): { key: string; id: string; field: string; before: string; after: string }[] | string {
  const show = (v: unknown) => (v === null || v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v));
  try {
    const parsed = JSON.parse(String(summary ?? "")) as Record<string, unknown>;
    const rows = Object.entries(parsed).flatMap(([id, fields]) =>
      fields && typeof fields === "object" && !Array.isArray(fields)
        ? Object.entries(fields as Record<string, unknown>).map(([field, pair]) => {
            const [before, after] = Array.isArray(pair) ? pair : [undefined, pair];
            return { key: `${id}.${field}`, id, field, before: show(before), after: show(after) };
          })
        : [],
    );
    return rows.length || Object.values(parsed).every((v) => v && typeof v === "object" && !Array.isArray(v)) ? rows : JSON.stringify(parsed, null, 2);
  } catch {
    return String(summary ?? "");
  }
}

/** One row's who, what and changed fields (all as text: the values are whatever was written). */
function Detail({ row, onClose }: { row: BaseRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const changes = changesOf(row.summary);
  const label = (f: string) => t(`operationLog.fields.${f}`);
  return (
    <Modal open title={t("logAudit.detailTitle")} onCancel={onClose} footer={null} width={880}>
      <Descriptions size="small" column={2} bordered>
        {["seq", "account", "title", "tableName", "recordIds", "requestUri", "ip", "createTime", "userAgent", "hash"].map((f) => (
          <Descriptions.Item key={f} label={label(f)} span={["userAgent", "hash", "recordIds"].includes(f) ? 2 : 1}>
            <Typography.Text style={{ wordBreak: "break-all" }}>{f === "title" ? operationTitle(String(row.title ?? ""), lng) : String(row[f] ?? "")}</Typography.Text>
          </Descriptions.Item>
        ))}
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {label("summary")}
      </Typography.Title>
      {typeof changes === "string" ? (
        <Typography.Paragraph>
          <pre style={{ whiteSpace: "pre-wrap", margin: 0 }}>{changes}</pre>
        </Typography.Paragraph>
      ) : (
        <Table
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={changes}
          locale={{ emptyText: t("logAudit.noChanges") }}
          columns={[
            { title: "ID", dataIndex: "id" },
            { title: t("logAudit.field"), dataIndex: "field" },
            { title: t("logAudit.before"), dataIndex: "before" },
            { title: t("logAudit.after"), dataIndex: "after" },
          ]}
        />
      )}
    </Modal>
  );
}

/**
 * 系统操作日志: every administrative write with its changed fields, and the check of the hash
 * chain that names the first row that no longer fits (edited, relinked or missing before it).
 */
export default function OperationLogList() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const [shown, setShown] = useState<BaseRecord>();
  const [report, setReport] = useState<ChainReport>();
  const [verifying, setVerifying] = useState(false);

  const verify = async () => {
    setVerifying(true);
    try {
      setReport((await http.get<R<ChainReport>>(`${operationLogSpec.api}/verify`)).data);
    } catch {
      // The http layer has shown the refusal.
    } finally {
      setVerifying(false);
    }
  };

  const actions = ["insert", "update", "remove", "export"].map((a) => ({ value: a, label: t(`logAudit.actions.${a}`) }));

  return (
    <>
      <LogList
        spec={operationLogSpec}
        // §7: the operation log's list is api/operationList (createTimeStart/createTimeEnd), its
        // export of ticked rows api/export (ids, a blob).
        source={{ api: LOG_API, list: "api/operationList", from: "createTimeStart", to: "createTimeEnd" }}
        exportSelectedUrl={`${LOG_API}/api/export`}
        search={[
          { name: "title", label: t("operationLog.fields.title") },
          { name: "action_equal", label: t("operationLog.fields.action"), options: actions },
        ]}
        toolbar={
          <CanAccess resource={operationLogSpec.name} action="verify">
            <Button icon={<SafetyCertificateOutlined />} loading={verifying} onClick={() => void verify()}>
              {t("logAudit.verify")}
            </Button>
          </CanAccess>
        }
        banner={
          report && (
            <Alert
              style={{ marginBottom: 12 }}
              showIcon
              closable
              onClose={() => setReport(undefined)}
              type={report.ok ? "success" : "error"}
              message={report.ok ? t("logAudit.verifyOk", { checked: report.checked }) : t("logAudit.verifyBroken", { ...report.broken })}
            />
          )
        }
        columns={[
          {
            title: t("operationLog.fields.seq"),
            dataIndex: "seq",
            width: COLUMN_WIDTH.narrow,
            render: (v: unknown, row: BaseRecord) =>
              report?.broken?.id === row.id ? <Tag color="error">{String(v)}</Tag> : String(v ?? ""),
          },
          "account",
          // The server writes 模块-操作 in zh (角色管理-新增); each part reads as the menus name it.
          {
            title: t("operationLog.fields.title"),
            dataIndex: "title",
            ...titleCell,
            render: (v: unknown, row: BaseRecord, i: number) => titleCell.render!(operationTitle(String(v ?? ""), lng), row, i),
          },
          {
            title: t("operationLog.fields.action"),
            dataIndex: "action",
            width: COLUMN_WIDTH.narrow,
            render: (v: unknown) => <Tag color={ACTION_COLOR[String(v)]}>{t(`logAudit.actions.${String(v)}`, { defaultValue: String(v ?? "") })}</Tag>,
          },
          "tableName",
          { title: t("operationLog.fields.recordIds"), dataIndex: "recordIds", ...clippedText(COLUMN_WIDTH.text) },
          "requestUri",
          "ip",
          "createTime",
          {
            title: t("table.actions"),
            key: "actions",
            fixed: "right",
            width: COLUMN_WIDTH.narrow,
            render: (_: unknown, row: BaseRecord) => (
              <RowActions>
                <Button type="link" size="small" onClick={() => setShown(row)}>
                  {t("logAudit.detail")}
                </Button>
              </RowActions>
            ),
          },
        ]}
      />
      {shown && <Detail row={shown} onClose={() => setShown(undefined)} />}
    </>
  );
}
