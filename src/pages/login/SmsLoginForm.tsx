import { useState } from "react";
import { App, Button, Form, Input, Space } from "antd";
import { MobileOutlined, SafetyOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { loginBySms, sendSmsCode } from "../../providers/auth/api";
import { useLanguage } from "../../providers/i18n";
import { phoneRules, toFormRules } from "../../../domain/validation";
import { CodeButton } from "./CodeButton";
import { startSession } from "./sign-in";
import "./i18n";

interface Values {
  phone: string;
  code: string;
}

interface Props {
  getTenant: () => Promise<string>;
  onSignedIn: () => void;
}

/** Phone and a texted code (§7 grant sms: phone, value = the code, id = the code's id). */
export function SmsLoginForm({ getTenant, onSignedIn }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [codeId, setCodeId] = useState("");
  const [submitting, setSubmitting] = useState(false);

  const send = async () => {
    const { phone } = await form.validateFields(["phone"]);
    setCodeId(await sendSmsCode(phone.trim()));
    message.success(t("login.code.sent"));
    return true;
  };

  const onFinish = async (values: Values) => {
    if (!codeId) {
      message.warning(t("login.code.sendFirst"));
      return;
    }
    let tenantId: string;
    try {
      tenantId = await getTenant();
    } catch {
      return;
    }
    setSubmitting(true);
    try {
      const token = await loginBySms({ tenantId, phone: values.phone.trim(), code: values.code.trim(), codeId });
      await startSession(token);
      onSignedIn();
    } catch (e) {
      // Nothing was stored: the grant failed before startSession.
      message.error(e instanceof Error && e.message ? e.message : t("http.unknown"));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} name="smsLogin" layout="vertical" size="large" onFinish={onFinish} requiredMark={false}>
      <Form.Item name="phone" label={t("login.phone")} rules={toFormRules(phoneRules(lang), lang)}>
        <Input prefix={<MobileOutlined />} placeholder={t("login.phone")} autoComplete="tel" inputMode="numeric" maxLength={11} />
      </Form.Item>
      <Form.Item label={t("login.code.label")} required>
        <Space.Compact style={{ width: "100%" }}>
          <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t("login.rules.code") }]}>
            <Input prefix={<SafetyOutlined />} placeholder={t("login.code.label")} aria-label={t("login.code.label")} maxLength={8} autoComplete="one-time-code" />
          </Form.Item>
          <CodeButton onSend={send} />
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t("login.submit")}
      </Button>
    </Form>
  );
}
