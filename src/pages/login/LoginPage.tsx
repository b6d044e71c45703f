import { useEffect, useState } from "react";
import { App, Button, Form, Input, Select, Space } from "antd";
import { LockOutlined, SafetyOutlined, TeamOutlined, UserOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate } from "react-router";
import { website } from "../../config/website";
import { authProvider } from "../../providers/auth";
import { getAccessToken } from "../../providers/auth/session";
import { setLanguage } from "../../providers/i18n";
import { useCaptcha } from "./useCaptcha";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import "./i18n";
import styles from "./login.module.css";

interface LoginForm {
  tenantId?: string;
  username: string;
  password: string;
  code?: string;
}

export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<LoginForm>();
  const [submitting, setSubmitting] = useState(false);
  const captcha = useCaptcha(website.captchaMode);
  useDocumentTitle(t("login.title"));

  useEffect(() => {
    form.setFieldsValue({ tenantId: website.tenantId });
  }, [form]);

  if (getAccessToken()) return <Navigate to={website.firstPage.path} replace />;

  const onFinish = async (values: LoginForm) => {
    setSubmitting(true);
    try {
      const result = await authProvider.login({
        tenantId: website.tenantMode ? values.tenantId : website.tenantId,
        username: values.username.trim(),
        password: values.password,
        captchaKey: captcha.key,
        captchaCode: values.code?.trim(),
      });
      if (result.success) {
        navigate(result.redirectTo ?? website.firstPage.path, { replace: true });
        return;
      }
      message.error(result.error?.message || t("http.unknown"));
      form.setFieldValue("code", "");
      void captcha.refresh();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="login-heading">
        <div className={styles.brand}>
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <div>
            <h1 id="login-heading" className={styles.heading}>{t("login.heading")}</h1>
            <p className={styles.subtitle}>{t("login.subtitle")}</p>
          </div>
        </div>
        <Form form={form} layout="vertical" size="large" onFinish={onFinish} requiredMark={false} autoComplete="on">
          {website.tenantMode && (
            <Form.Item name="tenantId" label={t("login.tenantId")} rules={[{ required: true, message: t("login.rules.tenantId") }]}>
              <Input prefix={<TeamOutlined />} placeholder={t("login.tenantId")} maxLength={12} />
            </Form.Item>
          )}
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
        <div className={styles.footer}>
          <Select
            size="small"
            variant="borderless"
            value={i18n.language.startsWith("en") ? "en" : "zh"}
            onChange={(v: "zh" | "en") => setLanguage(v)}
            options={[{ value: "zh", label: "简体中文" }, { value: "en", label: "English" }]}
            aria-label="language"
          />
        </div>
      </section>
    </main>
  );
}
