import { useState } from "react";
import { App, Button, Form, Input, Modal, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { usePasswordRules } from "../../components/password-rules/usePasswordRules";
import { authProvider, getUserInfo } from "../../providers/auth";
import { registerGuest } from "../../providers/auth/api";
import { isHttpError } from "../../providers/http";
import { useLanguage } from "../../providers/i18n";
import { validateRegistration } from "../../../domain/validation";
import { useTenant } from "../login/useTenant";
import "./i18n";
import { SubmitOnEnter } from "../../components/SubmitOnEnter";

interface Values {
  tenantId?: string;
  name?: string;
  account?: string;
  password?: string;
  password2?: string;
}

/** The server's own msg of a failure body, if it sent one (not the client's fallback text). */
function serverMsg(e: unknown): string {
  if (!isHttpError(e)) return "";
  const body = e.body as { msg?: unknown } | undefined;
  return body && typeof body.msg === "string" ? body.msg : "";
}

/**
 * §2 registration dialog for a third-party first sign-in: the four checks of §5 in order (each a
 * warning that stops), then register-guest with the session's oauth_id; after success the user
 * is signed out, because the account only works once an administrator approves it.
 */
export function RegistrationDialog() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { message, notification } = App.useApp();
  const navigate = useNavigate();
  const tenant = useTenant();
  const [form] = Form.useForm<Values>();
  const [loading, setLoading] = useState(false);
  const user = getUserInfo();
  const askTenant = tenant.status === "ask";
  const policy = usePasswordRules(user?.tenant_id);

  const leave = async () => {
    await authProvider.logout({});
    navigate("/login", { replace: true });
  };

  const submit = async () => {
    const values = form.getFieldsValue(true) as Values;
    const warning = validateRegistration(values, { tenantRequired: askTenant }, lang);
    // Then the tenant's password policy (getPasswordRegex), in the words the server would answer.
    const refused = warning ?? (await policy.check(values.password));
    if (refused) {
      message.warning(refused);
      return;
    }
    setLoading(true);
    try {
      await registerGuest({
        tenantId: askTenant ? String(values.tenantId).trim() : tenant.tenantId,
        name: String(values.name ?? "").trim(),
        account: String(values.account).trim(),
        password: String(values.password),
        oauthId: user?.oauth_id ?? "",
      });
      notification.success({ message: t("register.noticeTitle"), description: t("register.noticeText") });
      await leave();
    } catch (e) {
      if (isHttpError(e) && e.kind === "http") message.error(serverMsg(e) || t("register.failed"));
      else console.error("registration request failed", e);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Modal
      open
      title={t("register.title")}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={[
        <Button key="back" onClick={() => void leave()} disabled={loading}>
          {t("register.back")}
        </Button>,
        <Button key="submit" type="primary" loading={loading} onClick={() => void submit()}>
          {t("register.submit")}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t("register.intro")}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ tenantId: user?.tenant_id || tenant.tenantId }} onFinish={() => void submit()}>
        {askTenant && (
          <Form.Item name="tenantId" label={t("register.tenantId")}>
            <Input maxLength={12} />
          </Form.Item>
        )}
        <Form.Item name="name" label={t("register.name")}>
          <Input maxLength={20} autoComplete="name" />
        </Form.Item>
        <Form.Item name="account" label={t("register.account")}>
          <Input maxLength={45} autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" label={t("register.password")}>
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="password2" label={t("register.password2")}>
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
        <SubmitOnEnter />
      </Form>
    </Modal>
  );
}
