import { useState } from "react";
import { App, Button, Form, Input } from "antd";
import { useLogout } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { usePasswordRules } from "../../components/password-rules/usePasswordRules";
import { updateMyPassword } from "../../providers/auth/api";
import { useLanguage } from "../../providers/i18n";
import { formatMessage } from "../../../domain/validation";
import "./i18n";

interface Values {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

/**
 * 'Change password': the old one travels as its md5 digest, the new ones as typed so the server
 * can apply its password policy (CONTRACT.md). Afterwards the user signs in again with the new one.
 */
export function PasswordTab() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { message } = App.useApp();
  const { mutateAsync: logout } = useLogout();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  // The tenant's password policy, judged as the server judges it (getPasswordRegex).
  const policy = usePasswordRules();

  const save = async (values: Values) => {
    setSaving(true);
    try {
      await updateMyPassword(values);
    } catch {
      setSaving(false);
      return; // the request layer has shown the server's message (e.g. the old password is wrong)
    }
    message.success(t("personCenter.passwordChanged"));
    await logout({ redirectPath: "/login" }).catch(() => undefined);
  };

  return (
    <Form form={form} layout="vertical" onFinish={save} style={{ maxWidth: 480 }}>
      <Form.Item name="oldPassword" label={t("personCenter.oldPassword")} rules={[{ required: true, message: t("personCenter.rules.oldPassword") }]}>
        <Input.Password maxLength={64} autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label={t("personCenter.newPassword")} rules={[{ required: true, message: t("personCenter.rules.newPassword") }, policy.rule]}>
        <Input.Password maxLength={64} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="newPassword1"
        label={t("personCenter.newPassword1")}
        dependencies={["newPassword"]}
        rules={[
          { required: true, message: t("personCenter.rules.newPassword1") },
          ({ getFieldValue }) => ({
            validator: (_r, v) =>
              !v || v === getFieldValue("newPassword") ? Promise.resolve() : Promise.reject(new Error(formatMessage("passwordMismatch", lang))),
          }),
        ]}
      >
        <Input.Password maxLength={64} autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t("buttons.save")}
      </Button>
    </Form>
  );
}
