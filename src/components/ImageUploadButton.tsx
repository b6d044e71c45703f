import { UploadOutlined } from "@ant-design/icons";
import { App, Button, Upload } from "antd";
import { useState, type ReactNode } from "react";
import { uploadFile } from "../providers/auth/api";
import { useLanguage } from "../providers/i18n";
import { uploadResultMessage } from "../../domain/validation";

interface Props {
  /** Why a chosen file may not be sent (shown, nothing sent), or null. */
  refusal: (file: File) => string | null;
  onUploaded: (link: string) => void;
  children: ReactNode;
}

/** A jpg/png picked, checked before anything is sent, then uploaded through put-file; says how it went. */
export function ImageUploadButton({ refusal, onUploaded, children }: Props) {
  const lang = useLanguage();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  return (
    <Upload
      accept=".jpg,.jpeg,.png,image/jpeg,image/png"
      showUploadList={false}
      maxCount={1}
      beforeUpload={(file) => {
        const why = refusal(file);
        if (why) {
          message.error(why);
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        setUploading(true);
        uploadFile(file as Blob, (file as File).name)
          .then((r) => {
            onUploaded(r.link);
            message.success(uploadResultMessage(true, lang));
            onSuccess?.(r);
          })
          .catch((e: Error) => {
            // The request layer toasts the server's reason; this says what it means for the user.
            message.error(uploadResultMessage(false, lang));
            onError?.(e);
          })
          .finally(() => setUploading(false));
      }}
    >
      <Button icon={<UploadOutlined />} loading={uploading}>
        {children}
      </Button>
    </Upload>
  );
}
