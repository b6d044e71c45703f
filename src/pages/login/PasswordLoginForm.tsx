import { useState } from "react";
import { App, Button, Form, Input, Space } from "antd";
import { LockOutlined, SafetyOutlined, UserOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { website } from "../../config/website";
import { authProvider } from "../../providers/auth";
import { PASSWORD_EXPIRED_ERROR } from "../../providers/auth/provider";
import { policyMessages } from "../../../domain/validation/password-policy";
import { ExpiredPasswordDialog } from "./ExpiredPasswordDialog";
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

  // A right but expired password: the change dialog opens before anything else, then sign-in goes on.
  const [expired, setExpired] = useState<{ tenantId: string; account: string; password: string; reset: boolean } | null>(null);

  const signIn = async (tenantId: string, values: Values) => {
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
      if (result.error?.name === PASSWORD_EXPIRED_ERROR) {
        // The same error answers an administrator's "change at next sign-in"; its words tell which.
        const reset = [policyMessages.mustChange("zh"), policyMessages.mustChange("en")].includes(result.error.message);
        setExpired({ tenantId, account: values.username.trim(), password: values.password, reset });
        // The captcha was spent on this attempt: the next sign-in needs a fresh one.
        if (website.captchaMode) {
          form.setFieldValue("code", "");
          void captcha.refresh();
        }
        return;
      }
      message.error(result.error?.message || t("http.unknown"));
      form.setFieldValue("code", "");
      void captcha.refresh();
    } finally {
      setSubmitting(false);
    }
  };

  const onFinish = async (values: Values) => {
    let tenantId: string;
    try {
      tenantId = await getTenant();
    } catch {
      return; // the tenant field shows what is missing
    }
    await signIn(tenantId, values);
  };

  const changed = (password: string) => {
    const pending = expired!;
    setExpired(null);
    form.setFieldValue("password", password);
    // In captcha mode the user types the fresh captcha and signs in; otherwise sign-in goes on.
    if (website.captchaMode) return;
    void signIn(pending.tenantId, { username: pending.account, password });
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
      {expired && (
        <ExpiredPasswordDialog tenantId={expired.tenantId} account={expired.account} oldPassword={expired.password} reset={expired.reset} onCancel={() => setExpired(null)} onChanged={changed} />
      )}
    </Form>
  );
}
