import { Input, Space } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AuthAvatar } from "../AuthAvatar";
import { FileUpload } from "./FileUpload";
import "./i18n";

/** What an icon may be uploaded as: the pictures of the generic upload's default list. */
export const ICON_EXTENSIONS: readonly string[] = ["png", "jpg", "jpeg"];
/** Icons are shown small: half a megabyte is plenty (the avatar's own limit is 500 kb). */
export const ICON_MAX_SIZE_MB = 0.5;

interface Props {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** Shown while there is no icon (the kind of thing the icon stands for). */
  fallback: ReactNode;
}

/**
 * An icon of an application or a directory: a picture sent through the generic upload widget
 * (a new one replaces the old), or an http(s) address typed in; shown as it will look. The server
 * accepts nothing else and its refusal shows beside the field.
 */
export function IconInput({ id, value, onChange, fallback }: Props) {
  const { t } = useTranslation();
  return (
    <Space.Compact style={{ width: "100%" }}>
      <AuthAvatar shape="square" src={value || undefined} icon={fallback} style={{ flex: "none", marginRight: 8 }} />
      <Input id={id} value={value} onChange={(e) => onChange?.(e.target.value)} maxLength={255} allowClear placeholder={t("upload.iconPlaceholder")} />
      <FileUpload value={value} onChange={(url) => onChange?.(url)} extensions={ICON_EXTENSIONS} maxSizeMb={ICON_MAX_SIZE_MB} replace showList={false}>
        {t("upload.icon")}
      </FileUpload>
    </Space.Compact>
  );
}
