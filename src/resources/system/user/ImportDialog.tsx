import { DownloadOutlined, InboxOutlined } from "@ant-design/icons";
import { useInvalidate } from "@refinedev/core";
import { Alert, App, Button, Form, Modal, Space, Switch, Table, Upload } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { R } from "../../../../domain/contract";
import { http } from "../../../providers/http";
import { fileExtension, formatMessage } from "../../../../domain/validation";
import { useLanguage } from "../../../providers/i18n";
import { download } from "./actions";
import { USER_IMPORT_MAX_BYTES } from "../../../../domain/resources/system/user/spec";
import { API } from "../../../../domain/contract/api";

/** What POST /blade-user/import answers (server/modules/user/import.ts). */
export interface ImportReport {
  total: number;
  success: number;
  created: number;
  updated: number;
  failed: number;
  errors: { row: number; account: string; message: string }[];
}

/**
 * 用户数据导入: the template to download, the "update existing" switch, one .xlsx, then the
 * server's report — how many rows were imported and, per refused row, its number and why.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const [covered, setCovered] = useState(false);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport>();

  /** §5 upload rules with this dialog's format and size; the file is kept, not sent yet. */
  const choose = (chosen: File) => {
    const error =
      fileExtension(chosen.name) !== "xlsx"
        ? formatMessage("uploadFormat", lang)
        : chosen.size > USER_IMPORT_MAX_BYTES
          ? formatMessage("uploadSize", lang, { n: 1 })
          : undefined;
    setFileError(error);
    setFile(error ? undefined : chosen);
    setReport(undefined);
    return false;
  };

  const start = async () => {
    if (!file) return;
    const form = new FormData();
    form.append("file", file, file.name);
    form.append("isCovered", covered ? "1" : "0");
    setBusy(true);
    try {
      const body = await http.post<R<ImportReport>>(API.post("/blade-user/import"), form);
      setReport(body.data);
      message.success(t("user.importDone"));
      await invalidate({ resource: "user", invalidates: ["list"] });
    } catch {
      // The http layer has shown why (not a template, no initial password …).
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t("user.importTitle")}
      width={760}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t("buttons.cancel")}</Button>
          <Button type="primary" loading={busy} disabled={!file} onClick={start}>
            {t("user.startImport")}
          </Button>
        </Space>
      }
    >
      <Form layout="vertical" name="user-import">
        <Form.Item>
          <Button icon={<DownloadOutlined />} onClick={() => void download(API.get("/blade-user/export-template")).catch(() => undefined)}>
            {t("user.template")}
          </Button>
        </Form.Item>
        <Form.Item label={t("user.covered")} extra={t("user.coveredHelp")}>
          <Switch checked={covered} onChange={setCovered} aria-label={t("user.covered")} />
        </Form.Item>
        <Form.Item validateStatus={fileError ? "error" : undefined} help={fileError}>
          <Upload.Dragger
            accept=".xlsx"
            maxCount={1}
            beforeUpload={choose}
            fileList={file ? [{ uid: "chosen", name: file.name, status: "done" }] : []}
            onRemove={() => void setFile(undefined)}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t("user.chooseFile")}</p>
            <p className="ant-upload-hint">{t("user.fileHint")}</p>
          </Upload.Dragger>
        </Form.Item>
      </Form>
      {report && (
        <>
          <Alert type={report.failed ? "warning" : "success"} showIcon message={t("user.importSummary", { ...report })} style={{ marginBottom: 12 }} />
          {report.errors.length > 0 && (
            <Table
              size="small"
              rowKey="row"
              pagination={report.errors.length > 10 ? { pageSize: 10 } : false}
              dataSource={report.errors}
              aria-label={t("user.importTitle")}
              columns={[
                { title: t("user.reportRow"), dataIndex: "row", width: 70 },
                { title: t("user.reportAccount"), dataIndex: "account", width: 140 },
                { title: t("user.reportMessage"), dataIndex: "message" },
              ]}
            />
          )}
        </>
      )}
    </Modal>
  );
}
