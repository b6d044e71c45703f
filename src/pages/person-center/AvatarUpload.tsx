import { useState } from "react";
import { App, Button, Space, Upload } from "antd";
import { UploadOutlined, UserOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { uploadFile } from "../../providers/auth/api";
import { useLanguage } from "../../providers/i18n";
import { checkAvatar, uploadResultMessage } from "../../validation";
import { AuthAvatar } from "../../components/AuthAvatar";
import "./i18n";

interface Props {
  value?: string;
  onChange?: (link: string) => void;
}

/** Avatar picker (§5: jpg/png, at most 500 kb, checked before anything is sent) uploading through put-file. */
export function AvatarUpload({ value, onChange }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);

  return (
    <Space size="large" align="center">
      <AuthAvatar size={80} src={value} icon={<UserOutlined />} alt={t("personCenter.avatar")} />
      <Upload
        accept=".jpg,.jpeg,.png,image/jpeg,image/png"
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          const refusal = checkAvatar(file, lang);
          if (refusal) {
            message.error(refusal);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          setUploading(true);
          uploadFile(file as Blob, (file as File).name)
            .then((r) => {
              onChange?.(r.link);
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
          {t("personCenter.uploadAvatar")}
        </Button>
      </Upload>
    </Space>
  );
}
