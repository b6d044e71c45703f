import { useState } from "react";
import { App, Button, Form, Input, Space } from "antd";
import { LockOutlined, SafetyOutlined, UserOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { website } from "../../config/website";
import { authProvider } from "../../providers/auth";
import { useCaptcha } from "./useCaptcha";
import styles from "./login.module.css";
import "./i18n";

interface Values {
  username: string;
  password: string;
  code?: string;
}

interface Props {
  getTenant: () => Promise<string>;
  onSignedIn: () => void;
}

/** Account and password, with the captcha in captcha mode (§7 grant password | captcha). */
export function PasswordLoginForm({ getTenant, onSignedIn }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const captcha = useCaptcha(website.captchaMode);

  const onFinish = async (values: Values) => {
    let tenantId: string;
    try {
      tenantId = await getTenant();
    } catch {
      return; // the tenant field shows what is missing
    }
    setSubmitting(true);
    try {
      const result = await authProvider.login({
        tenantId,
        username: values.username.trim(),
        password: values.password,
        captchaKey: captcha.key,
        captchaCode: values.code?.trim(),
      });
      if (result.success) return onSignedIn();
      message.error(result.error?.message || t("http.unknown"));
      form.setFieldValue("code", "");
      void captcha.refresh();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} name="passwordLogin" layout="vertical" size="large" onFinish={onFinish} requiredMark={false} autoComplete="on">
      <Form.Item name="username" label={t("login.account")} rules={[{ required: true, whitespace: true, message: t("login.rules.account") }]}>
        <Input prefix={<UserOutlined />} placeholder={t("login.account")} autoComplete="username" maxLength={45} autoFocus />
      </Form.Item>
      <Form.Item name="password" label={t("login.password")} rules={[{ required: true, message: t("login.rules.password") }]}>
        <Input.Password prefix={<LockOutlined />} placeholder={t("login.password")} autoComplete="current-password" maxLength={64} />
      </Form.Item>
      {website.captchaMode && (
        <Form.Item label={t("login.captcha")} required>
          <Space.Compact style={{ width: "100%" }}>
            <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t("login.rules.captcha") }]}>
              <Input prefix={<SafetyOutlined />} placeholder={t("login.captcha")} aria-label={t("login.captcha")} maxLength={8} autoComplete="off" />
            </Form.Item>
            <button type="button" className={styles.captcha} onClick={() => void captcha.refresh()} title={t("login.refreshCaptcha")} aria-label={t("login.refreshCaptcha")}>
              {captcha.image ? <img src={captcha.image} alt={t("login.captcha")} /> : <span>{captcha.failed ? t("login.captchaFailed") : "…"}</span>}
            </button>
          </Space.Compact>
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t("login.submit")}
      </Button>
    </Form>
  );
}
