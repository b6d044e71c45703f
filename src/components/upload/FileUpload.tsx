import { UploadOutlined } from "@ant-design/icons";
import { App, Button, Typography, Upload, type UploadFile } from "antd";
import { useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../providers/i18n";
import {
  UPLOAD_EXTENSIONS_DEFAULT,
  UPLOAD_EXTENSIONS_EXTENDED,
  UPLOAD_MAX_COUNT_DEFAULT,
  UPLOAD_MAX_SIZE_MB_DEFAULT,
  checkUploadCount,
  checkUploadFile,
  uploadResultMessage,
} from "../../../domain/validation";
import { sendFile, type UploadVariant } from "./api";
import "./i18n";

/** Each variant's extensions (§5): the generic default list, or the second variant's longer one. */
const VARIANT_EXTENSIONS: Record<UploadVariant, readonly string[]> = {
  generic: UPLOAD_EXTENSIONS_DEFAULT,
  attach: UPLOAD_EXTENSIONS_EXTENDED,
};

export interface FileUploadProps {
  id?: string;
  /** The uploaded file's url (what a form stores); several are joined with commas when maxCount > 1. */
  value?: string;
  onChange?: (value: string) => void;
  /** generic: /common/upload with the default extensions; attach: put-file-attach with the longer list. */
  variant?: UploadVariant;
  /** Narrows what the variant takes (e.g. images for an icon). */
  extensions?: readonly string[];
  maxSizeMb?: number;
  maxCount?: number;
  /** A new file takes the place of the one held (a single picture) instead of counting against maxCount. */
  replace?: boolean;
  /** Names of files held already, by url (a record's file as the server names it); else the url's last segment. */
  names?: Readonly<Record<string, string>>;
  /** The list of uploaded files under the button (off where the form shows the value itself). */
  showList?: boolean;
  disabled?: boolean;
  /** The button's label. */
  children?: ReactNode;
}

const split = (value?: string) => (value ? value.split(",").filter(Boolean) : []);
const lastSegment = (url: string) => decodeURIComponent(url.split(/[?#]/)[0].split("/").pop() || url);

/**
 * The generic upload widget of §2/§5 (antd Upload underneath): checks format, size and count
 * before anything is sent, says so with the §5 messages, sends the file, and hands the form the
 * uploaded file's url. The server checks the same rules again.
 */
export function FileUpload({
  id,
  value,
  onChange,
  variant = "generic",
  extensions = VARIANT_EXTENSIONS[variant],
  maxSizeMb = UPLOAD_MAX_SIZE_MB_DEFAULT,
  maxCount = UPLOAD_MAX_COUNT_DEFAULT,
  replace = false,
  names: knownNames,
  showList = true,
  disabled,
  children,
}: FileUploadProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { message } = App.useApp();
  const [pending, setPending] = useState<UploadFile[]>([]);
  // Names of files uploaded here (the value holds only urls); a url from elsewhere shows its last segment.
  const names = useRef(new Map<string, string>());
  // Several uploads may finish in any order: each adds to the latest value, not to the one it started with.
  const latest = useRef(value);
  latest.current = value;

  const urls = split(value);
  const fileList: UploadFile[] = [
    ...urls.map((url): UploadFile => ({ uid: url, name: names.current.get(url) ?? knownNames?.[url] ?? lastSegment(url), status: "done" })),
    ...pending,
  ];

  return (
    <div>
      <Upload
        id={id}
        accept={extensions.map((e) => `.${e}`).join(",")}
        multiple={maxCount > 1}
        disabled={disabled}
        fileList={fileList}
        showUploadList={showList ? { showDownloadIcon: false, showPreviewIcon: false } : false}
        beforeUpload={(file, batch) => {
          const held = replace ? 0 : split(latest.current).length + pending.length;
          const tooMany = checkUploadCount(held + batch.length, maxCount, lang);
          if (tooMany) {
            // One message for the whole batch, not one per file.
            if (file === batch[0]) message.error(tooMany);
            return Upload.LIST_IGNORE;
          }
          const refusal = checkUploadFile(file, { extensions, maxSizeMb }, lang);
          if (refusal) {
            message.error(refusal);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          const picked = file as File & { uid: string };
          setPending((p) => [...p, { uid: picked.uid, name: picked.name, status: "uploading" }]);
          sendFile(variant, picked)
            .then((result) => {
              names.current.set(result.url, result.name);
              const next = replace ? [result.url] : [...split(latest.current), result.url];
              latest.current = next.join(",");
              onChange?.(latest.current);
              message.success(uploadResultMessage(true, lang));
              onSuccess?.(result);
            })
            .catch((e: Error) => {
              // The request layer toasts the server's reason; this says what it means for the user.
              message.error(uploadResultMessage(false, lang));
              onError?.(e);
            })
            .finally(() => setPending((p) => p.filter((f) => f.uid !== picked.uid)));
        }}
        onRemove={(removed) => {
          onChange?.(split(latest.current).filter((url) => url !== removed.uid).join(","));
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} disabled={disabled} loading={pending.length > 0}>
          {children ?? t("upload.button")}
        </Button>
      </Upload>
      {showList && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t("upload.hint", { extensions: extensions.join(lang === "zh" ? "、" : ", "), n: maxSizeMb })}
        </Typography.Text>
      )}
    </div>
  );
}
