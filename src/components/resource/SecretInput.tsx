import { Input, Tag } from "antd";
import { useTranslation } from "react-i18next";
import "./secret-i18n";

interface Props {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** The server said a value is stored (passwordSet, secretKeySet, clientSecretSet). */
  isSet?: boolean;
  maxLength?: number;
  disabled?: boolean;
}

/**
 * A write-only secret (a mail password, an API secret key): the server never answers it, only
 * whether one is stored. Shown as "已设置"; left empty, the stored value is kept; typed, it replaces it.
 */
export function SecretInput({ isSet, ...rest }: Props) {
  const { t } = useTranslation();
  return (
    <Input.Password
      {...rest}
      value={rest.value ?? ""}
      onChange={(e) => rest.onChange?.(e.target.value)}
      autoComplete="new-password"
      placeholder={isSet ? t("secret.keep") : undefined}
      addonAfter={<Tag color={isSet ? "green" : "default"} style={{ marginInlineEnd: 0 }}>{t(isSet ? "secret.set" : "secret.notSet")}</Tag>}
    />
  );
}
