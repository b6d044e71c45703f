import { App, Button, Modal, Space, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { clearErrorLog, uploadErrorLog, useErrorLog, type ErrorLogEntry } from "./error-log";
import "../../layout/i18n";

/** The error-log dialog of §2/§8: the local entries, upload to the server, clear. */
export function ErrorLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const logs = useErrorLog();

  const upload = () =>
    modal.confirm({
      title: t("layout.tip"),
      content: t("layout.errorLog.uploadConfirm"),
      okText: t("common.ok"),
      cancelText: t("common.cancel"),
      // The http layer has already shown a failure; keep the logs for another try.
      onOk: () => uploadErrorLog().then(() => void message.success(t("layout.errorLog.uploaded")), () => undefined),
    });

  const clear = () =>
    modal.confirm({
      title: t("layout.tip"),
      content: t("layout.errorLog.clearConfirm"),
      okText: t("common.ok"),
      cancelText: t("common.cancel"),
      onOk: () => {
        clearErrorLog();
        void message.success(t("layout.errorLog.cleared"));
      },
    });

  const clip = (text: string) => <Typography.Paragraph ellipsis={{ rows: 3, expandable: true }} style={{ marginBottom: 0 }}>{text}</Typography.Paragraph>;

  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t("layout.errorLog.title")} width="80%">
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" disabled={!logs.length} onClick={upload}>{t("layout.errorLog.upload")}</Button>
        <Button danger disabled={!logs.length} onClick={clear}>{t("layout.errorLog.clear")}</Button>
      </Space>
      <Table<ErrorLogEntry & { key: number }>
        size="small"
        bordered
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        dataSource={logs.map((l, i) => ({ ...l, key: i })).reverse()}
        columns={[
          { title: t("layout.errorLog.type"), dataIndex: "type", width: 130 },
          { title: t("layout.errorLog.url"), dataIndex: "url", width: 200, render: clip },
          { title: t("layout.errorLog.message"), dataIndex: "message", width: 240, render: clip },
          { title: t("layout.errorLog.stack"), dataIndex: "stack", render: clip },
          { title: t("layout.errorLog.time"), dataIndex: "time", width: 170 },
        ]}
      />
    </Modal>
  );
}
