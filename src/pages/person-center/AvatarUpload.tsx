import { Space } from "antd";
import { UserOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../providers/i18n";
import { checkAvatar } from "../../../domain/validation";
import { AuthAvatar } from "../../components/AuthAvatar";
import { ImageUploadButton } from "../../components/ImageUploadButton";
import "./i18n";

interface Props {
  value?: string;
  onChange?: (link: string) => void;
}

/** Avatar picker (§5: jpg/png, at most 500 kb, checked before anything is sent) uploading through put-file. */
export function AvatarUpload({ value, onChange }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();

  return (
    <Space size="large" align="center">
      <AuthAvatar size={80} src={value} icon={<UserOutlined />} alt={t("personCenter.avatar")} />
      <ImageUploadButton refusal={(file) => checkAvatar(file, lang)} onUploaded={(link) => onChange?.(link)}>
        {t("personCenter.uploadAvatar")}
      </ImageUploadButton>
    </Space>
  );
}
