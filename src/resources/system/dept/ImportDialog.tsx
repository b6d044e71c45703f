import { DownloadOutlined, ImportOutlined, UploadOutlined } from "@ant-design/icons";
import { CanAccess, useCustomMutation, useInvalidate } from "@refinedev/core";
import { Alert, App, Button, Modal, Space, Table, Typography, Upload } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { http, type BlobResult } from "../../../providers/http";
import { useLanguage } from "../../../providers/i18n";
import { checkUploadFile } from "../../../../domain/validation";
import { saveBlob } from "../../../components/save-blob";
import { DEPT_IMPORT_MAX_MB, deptSpec } from "../../../../domain/resources/system/dept/spec";
import "./i18n";

/** What POST /import answers: every refused row with its Excel row number and why. */
export interface ImportReport {
  total: number;
  success: number;
  failed: number;
  errors: { row: number; deptName: string; message: string }[];
}

/** Download the template, choose the filled-in file, import it and read the per-row report. */
function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useCustomMutation<ImportReport>();
  const [file, setFile] = useState<File>();
  const [report, setReport] = useState<ImportReport>();
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      const { blob, filename } = await http.get<BlobResult>(`${deptSpec.api}/export-template`, { responseType: "blob" });
      saveBlob({ blob, filename });
    } catch {
      // The request layer already showed why.
    } finally {
      setDownloading(false);
    }
  };

  const start = async () => {
    if (!file) return;
    const form = new FormData();
    form.append("file", file, file.name);
    try {
      const { data } = await mutateAsync({ url: `${deptSpec.api}/import`, method: "post", values: form as never, successNotification: false });
      setReport(data);
      if (data.success > 0) await invalidate({ resource: deptSpec.name, invalidates: ["list"] });
    } catch {
      // A refused file (not the template, too large …) has its message shown by the request layer.
    }
  };

  return (
    <Modal
      open
      title={t("dept.importTitle")}
      width={760}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t("buttons.cancel")}</Button>
          <Button type="primary" icon={<ImportOutlined />} disabled={!file} loading={mutation.isPending} onClick={start}>
            {t("dept.startImport")}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t("dept.importHint", { mb: DEPT_IMPORT_MAX_MB })}</Typography.Paragraph>
      <Space align="start" style={{ marginBottom: 16 }}>
        <Button icon={<DownloadOutlined />} loading={downloading} onClick={download}>
          {t("dept.downloadTemplate")}
        </Button>
        <Upload
          accept=".xlsx"
          maxCount={1}
          fileList={file ? [{ uid: "chosen", name: file.name, status: "done" }] : []}
          beforeUpload={(chosen) => {
            const refused = checkUploadFile(chosen, { extensions: ["xlsx"], maxSizeMb: DEPT_IMPORT_MAX_MB }, lang);
            if (refused) {
              void message.error(refused);
              return Upload.LIST_IGNORE;
            }
            setFile(chosen);
            setReport(undefined);
            // Nothing is sent until the operator starts the import.
            return false;
          }}
          onRemove={() => setFile(undefined)}
        >
          <Button icon={<UploadOutlined />}>{t("dept.chooseFile")}</Button>
        </Upload>
      </Space>
      {report && (
        <Alert
          showIcon
          type={report.failed ? (report.success ? "warning" : "error") : "success"}
          message={t("dept.importDone", { total: report.total, success: report.success, failed: report.failed })}
          style={{ marginBottom: report.errors.length ? 12 : 0 }}
        />
      )}
      {report && report.errors.length > 0 && (
        <Table
          size="small"
          rowKey="row"
          title={() => t("dept.importFailedRows")}
          dataSource={report.errors}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          columns={[
            { title: t("dept.row"), dataIndex: "row", width: 80 },
            { title: t("dept.fields.deptName"), dataIndex: "deptName", width: 180 },
            { title: t("dept.reason"), dataIndex: "message" },
          ]}
        />
      )}
    </Modal>
  );
}

/** The toolbar's import button, shown to holders of dept_import. */
export function ImportButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <CanAccess resource={deptSpec.name} action="import">
      <Button icon={<ImportOutlined />} onClick={() => setOpen(true)}>
        {t("buttons.import")}
      </Button>
      {open && <ImportDialog onClose={() => setOpen(false)} />}
    </CanAccess>
  );
}
