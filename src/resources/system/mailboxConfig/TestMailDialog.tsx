import { Alert, Form, Input, Modal, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isHttpError } from "../../../providers/http";
import { useLanguage } from "../../../providers/i18n";
import { formatMessage, patterns } from "../../../../domain/validation";
import { sendTestMail, type TestMailResult } from "./calls";
import { mailMessages } from "../../../../domain/resources/system/mailboxConfig/spec";

/** Asks for a recipient, sends one mail through the saved settings and shows what the SMTP server answered. */
export function TestMailDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [form] = Form.useForm<{ to: string }>();
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<TestMailResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const send = async ({ to }: { to: string }) => {
    setSending(true);
    setResult(null);
    setFailure(null);
    try {
      setResult(await sendTestMail(to.trim()));
    } catch (error) {
      setFailure(isHttpError(error) ? error.msg : String(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal open title={t("mailboxConfig.testTitle")} okText={t("mailboxConfig.send")} onOk={() => form.submit()} confirmLoading={sending} onCancel={onClose} destroyOnHidden>
      <Form form={form} name="testMail" layout="vertical" onFinish={(v) => void send(v)}>
        <Form.Item
          name="to"
          label={t("mailboxConfig.testTo")}
          rules={[
            { required: true, message: mailMessages.toRequired[lang] },
            { pattern: patterns.email, message: formatMessage("emailFormat", lang) },
          ]}
        >
          <Input maxLength={255} placeholder="someone@example.com" autoFocus />
        </Form.Item>
      </Form>
      {result && (
        <Alert
          type={result.sent ? "success" : "error"}
          showIcon
          message={t(result.sent ? "mailboxConfig.sent" : "mailboxConfig.notSent")}
          description={
            <>
              {t("mailboxConfig.answer")}: <Typography.Text code>{result.response}</Typography.Text>
            </>
          }
        />
      )}
      {failure && <Alert type="error" showIcon message={failure} />}
    </Modal>
  );
}
