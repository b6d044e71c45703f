import { useState } from "react";
import { App, Form, Input, Modal, Radio, Space } from "antd";
import { useTranslation } from "react-i18next";
import { usePasswordRules } from "../../components/password-rules/usePasswordRules";
import { findPassword, sendMailCode, sendSmsCodeNew } from "../../providers/auth/api";
import { useLanguage } from "../../providers/i18n";
import { formatMessage, patterns, phoneRules, toFormRules } from "../../../domain/validation";
import { CodeButton } from "./CodeButton";
import "./i18n";

type Channel = "phone" | "email";

interface Values {
  channel: Channel;
  phone?: string;
  email?: string;
  code: string;
  password: string;
  password2: string;
}

interface Props {
  tenantId: string;
  onClose: () => void;
}

/** 'Forgot password' (mounted while open, so every opening starts empty): a code to the phone or mailbox, then a new password (sent as md5 digests, §5). */
export function FindPasswordDialog({ tenantId, onClose }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const channel = Form.useWatch("channel", form) ?? "phone";
  const [codeId, setCodeId] = useState("");
  const [submitting, setSubmitting] = useState(false);
  // The tenant's password policy (getPasswordRegex), in the words the server would answer.
  const policy = usePasswordRules(tenantId);

  const send = async () => {
    const values = await form.validateFields([channel]);
    const target = String(values[channel] ?? "").trim();
    setCodeId(channel === "phone" ? await sendSmsCodeNew(target) : await sendMailCode(target));
    message.success(t("login.code.sent"));
    return true;
  };

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (!codeId) {
      message.warning(t("login.code.sendFirst"));
      return;
    }
    setSubmitting(true);
    try {
      const target = channel === "phone" ? { phone: String(values.phone).trim() } : { email: String(values.email).trim() };
      await findPassword({ ...target, codeId, code: values.code.trim(), password: values.password }, tenantId);
      message.success(t("login.find.done"));
      onClose();
    } catch {
      // the request layer has shown the server's message
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal open title={t("login.find.title")} onCancel={onClose} onOk={() => void submit()} okText={t("login.find.submit")} cancelText={t("common.cancel")} confirmLoading={submitting}>
      <Form form={form} name="findPassword" layout="vertical" initialValues={{ channel: "phone" }} onValuesChange={(v: Partial<Values>) => "channel" in v && setCodeId("")}>
        <Form.Item name="channel" label={t("login.find.channel")}>
          <Radio.Group optionType="button" options={[{ value: "phone", label: t("login.find.byPhone") }, { value: "email", label: t("login.find.byEmail") }]} />
        </Form.Item>
        {channel === "phone" ? (
          <Form.Item name="phone" label={t("login.phone")} rules={toFormRules(phoneRules(lang), lang)}>
            <Input placeholder={t("login.phone")} autoComplete="tel" inputMode="numeric" maxLength={11} />
          </Form.Item>
        ) : (
          <Form.Item name="email" label={t("login.find.email")} rules={[{ required: true, message: t("login.rules.email") }, { pattern: patterns.email, message: formatMessage("formatIncorrect", lang) }]}>
            <Input placeholder={t("login.find.email")} autoComplete="email" maxLength={64} />
          </Form.Item>
        )}
        <Form.Item label={t("login.code.label")} required>
          <Space.Compact style={{ width: "100%" }}>
            <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t("login.rules.code") }]}>
              <Input placeholder={t("login.code.label")} aria-label={t("login.code.label")} maxLength={8} autoComplete="one-time-code" />
            </Form.Item>
            <CodeButton key={channel} onSend={send} />
          </Space.Compact>
        </Form.Item>
        <Form.Item name="password" label={t("login.find.password")} rules={[{ required: true, message: t("login.rules.newPassword") }, policy.rule]}>
          <Input.Password placeholder={t("login.find.password")} autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="password2"
          label={t("login.find.password2")}
          dependencies={["password"]}
          rules={[
            { required: true, message: t("login.rules.confirmPassword") },
            ({ getFieldValue }) => ({
              validator: (_r, v) => (!v || v === getFieldValue("password") ? Promise.resolve() : Promise.reject(new Error(formatMessage("passwordMismatch", lang)))),
            }),
          ]}
        >
          <Input.Password placeholder={t("login.find.password2")} autoComplete="new-password" maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
