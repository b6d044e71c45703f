import { PaperClipOutlined } from "@ant-design/icons";
import { Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { http, type BlobResult } from "../../providers/http";
import { saveBlob } from "../save-blob";
import { isApiFile } from "../useAuthImage";
import "./i18n";

/** The last segment of an address, decoded: what a file without a stored name is called. */
export const fileNameOf = (url: string): string => {
  const last = url.split(/[?#]/)[0].split("/").pop() || url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
};

const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

interface Props {
  /** The stored link: one of our files, or an http(s) address. */
  url?: string;
  /** The file's own name as the server knows it (attachmentName); else the link's last segment. */
  name?: string;
}

/**
 * An attachment as a download link named after its file. Our files are fetched with the session
 * (the token travels in a header, never in the address) and handed to the browser as a download;
 * an http(s) address opens in a new window without this page as its opener. The name is text only.
 */
export function AttachmentLink({ url, name }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  if (!url) return <Typography.Text type="secondary">{t("upload.noAttachment")}</Typography.Text>;
  const label = name || fileNameOf(url);
  const icon = <PaperClipOutlined style={{ marginRight: 4 }} />;
  if (isApiFile(url)) {
    const download = () => {
      setBusy(true);
      // Absolute, so the request layer does not put its API prefix before the file's own path.
      http
        .get<BlobResult>(new URL(url, window.location.origin).href, { responseType: "blob" })
        .then((file) => saveBlob({ blob: file.blob, filename: name || file.filename }))
        .catch(() => undefined)
        .finally(() => setBusy(false));
    };
    return (
      <Typography.Link onClick={download} disabled={busy} title={t("upload.download", { name: label })}>
        {icon}
        {label}
      </Typography.Link>
    );
  }
  if (isWebAddress(url)) {
    return (
      <Typography.Link href={url} target="_blank" rel="noopener noreferrer" title={t("upload.download", { name: label })}>
        {icon}
        {label}
      </Typography.Link>
    );
  }
  return <Typography.Text>{label}</Typography.Text>;
}
