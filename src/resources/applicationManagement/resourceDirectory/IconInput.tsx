import { FolderOutlined } from "@ant-design/icons";
import { Input, Space } from "antd";
import { useTranslation } from "react-i18next";
import { AuthAvatar } from "../../../components/AuthAvatar";
import { ImageUploadButton } from "../../../components/ImageUploadButton";
import { AVATAR_EXTENSIONS, AVATAR_MAX_BYTES, AVATAR_MIME_TYPES, fileExtension } from "../../../../domain/validation";

/** What an icon upload may be (a small jpg or png, as application icons), else the i18n key of why not. */
function iconRefusal(file: File): string | null {
  const typeOk = !file.type || AVATAR_MIME_TYPES.includes(file.type.toLowerCase());
  if (!AVATAR_EXTENSIONS.includes(fileExtension(file.name)) || !typeOk) return "resourceDirectory.iconType";
  return file.size > AVATAR_MAX_BYTES ? "resourceDirectory.iconSize" : null;
}

/**
 * A directory's icon: an image uploaded through put-file (checked before anything is sent) or an
 * http(s) address, shown as it will look. The server accepts nothing else and says so beside the field.
 */
export function IconInput({ id, value, onChange }: { id?: string; value?: string; onChange?: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <Space.Compact style={{ width: "100%" }}>
      <AuthAvatar shape="square" src={value || undefined} icon={<FolderOutlined />} style={{ flex: "none", marginRight: 8 }} />
      <Input id={id} value={value} onChange={(e) => onChange?.(e.target.value)} maxLength={255} allowClear placeholder={t("resourceDirectory.iconPlaceholder")} />
      <ImageUploadButton
        refusal={(file) => {
          const why = iconRefusal(file);
          return why ? t(why) : null;
        }}
        onUploaded={(link) => onChange?.(link)}
      >
        {t("resourceDirectory.upload")}
      </ImageUploadButton>
    </Space.Compact>
  );
}
