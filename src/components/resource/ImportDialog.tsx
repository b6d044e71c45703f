import { DownloadOutlined, ImportOutlined, UploadOutlined } from "@ant-design/icons";
import { useCustomMutation, useInvalidate } from "@refinedev/core";
import { Alert, App, Button, Modal, Space, Table, Typography, Upload } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { checkUploadFile } from "../../../domain/validation";
import { http, type BlobResult } from "../../providers/http";
import { useLanguage } from "../../providers/i18n";
import { saveBlob } from "../save-blob";

/** What an import answers: every refused row with its Excel row number, the row's name and why. */
export interface ImportReport {
  total: number;
  success: number;
  failed: number;
  errors: ({ row: number; message: string } & Record<string, unknown>)[];
}

/** The page's own words (already translated): the dialog's title and hint, the report's labels. */
export interface ImportWords {
  title: string;
  hint: string;
  downloadTemplate: string;
  chooseFile: string;
  startImport: string;
  done: (report: ImportReport) => string;
  failedRows: string;
  row: string;
  name: string;
  reason: string;
}

interface Props {
  /** The module's base: `${api}/export-template` and `${api}/import`. */
  api: string;
  /** The refine resource whose list is refreshed when rows were imported. */
  resource: string;
  /** The report's field naming each row (deptName, directoryName). */
  nameField: string;
  maxMb: number;
  words: ImportWords;
  onClose: () => void;
}

/**
 * An Excel import (the department import's dialog, shared): download the template, choose the
 * filled-in file (checked before anything is sent), import it and read the per-row report.
 */
export function ImportDialog({ api, resource, nameField, maxMb, words, onClose }: Props) {
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
      const { blob, filename } = await http.get<BlobResult>(`${api}/export-template`, { responseType: "blob" });
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
      const { data } = await mutateAsync({ url: `${api}/import`, method: "post", values: form as never, successNotification: false });
      setReport(data);
      if (data.success > 0) await invalidate({ resource, invalidates: ["list"] });
    } catch {
      // A refused file (not the template, too large …) has its message shown by the request layer.
    }
  };

  return (
    <Modal
      open
      title={words.title}
      width={760}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t("buttons.cancel")}</Button>
          <Button type="primary" icon={<ImportOutlined />} disabled={!file} loading={mutation.isPending} onClick={start}>
            {words.startImport}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{words.hint}</Typography.Paragraph>
      <Space align="start" style={{ marginBottom: 16 }}>
        <Button icon={<DownloadOutlined />} loading={downloading} onClick={download}>
          {words.downloadTemplate}
        </Button>
        <Upload
          accept=".xlsx"
          maxCount={1}
          fileList={file ? [{ uid: "chosen", name: file.name, status: "done" }] : []}
          beforeUpload={(chosen) => {
            const refused = checkUploadFile(chosen, { extensions: ["xlsx"], maxSizeMb: maxMb }, lang);
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
          <Button icon={<UploadOutlined />}>{words.chooseFile}</Button>
        </Upload>
      </Space>
      {report && (
        <Alert
          showIcon
          type={report.failed ? (report.success ? "warning" : "error") : "success"}
          message={words.done(report)}
          style={{ marginBottom: report.errors.length ? 12 : 0 }}
        />
      )}
      {report && report.errors.length > 0 && (
        <Table
          size="small"
          rowKey="row"
          title={() => words.failedRows}
          dataSource={report.errors}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          columns={[
            { title: words.row, dataIndex: "row", width: 80 },
            { title: words.name, dataIndex: nameField, width: 180 },
            { title: words.reason, dataIndex: "message" },
          ]}
        />
      )}
    </Modal>
  );
}
