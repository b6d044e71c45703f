import { MailOutlined, SaveOutlined } from "@ant-design/icons";
import { useResourceCan } from "../../../providers/access-control";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Card, Form, Input, InputNumber, Skeleton, Space, Switch } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { SecretInput } from "../../../components/resource/SecretInput";
import { useDocumentTitle } from "../../../components/useDocumentTitle";
import { isHttpError } from "../../../providers/http";
import { useLanguage } from "../../../providers/i18n";
import { fieldRules, toFormRules, type FieldError } from "../../../../domain/validation";
import { fetchMailConfig, saveMailConfig, type MailConfig } from "./calls";
import { HOST_PATTERN, MAIL_MENU_CODE, mailFields, mailMessages, type MailField } from "../../../../domain/resources/system/mailboxConfig/spec";
import { TestMailDialog } from "./TestMailDialog";
import "./i18n";

const QUERY_KEY = ["mailboxConfig"];

/** A refused save's field errors (the R envelope's data), to show beside the fields. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  if (!isHttpError(error)) return [];
  const data = (error.body as { data?: unknown } | undefined)?.data;
  return Array.isArray(data) ? data.filter((e): e is FieldError => !!e && typeof e.field === "string" && typeof e.message === "string") : [];
}

/**
 * 邮箱配置 (/system/mailboxConfig): the tenant's SMTP server. The password is write-only ("已设置";
 * empty keeps it). "发送测试邮件" sends through the saved settings and shows the server's answer.
 */
export default function MailConfigPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { message } = App.useApp();
  useDocumentTitle(t("mailboxConfig.title"));
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const canEdit = useResourceCan(MAIL_MENU_CODE, "edit");
  const query = useQuery({ queryKey: QUERY_KEY, queryFn: fetchMailConfig });
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [dirty, setDirty] = useState(false);
  const auth = Form.useWatch("auth", form);

  useEffect(() => {
    if (query.data) {
      form.setFieldsValue({ ...query.data, password: "" });
      setDirty(false);
    }
  }, [query.data, form]);

  const rules = (name: MailField) => toFormRules(fieldRules(mailFields[name], lang), lang);
  const hostRule = { validator: (_: unknown, v: string) => (!v || HOST_PATTERN.test(v.trim()) ? Promise.resolve() : Promise.reject(new Error(mailMessages.host[lang]))) };

  const save = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      const saved = await saveMailConfig(values);
      queryClient.setQueryData<MailConfig>(QUERY_KEY, saved);
      message.success(t("mailboxConfig.saved"));
    } catch (error) {
      const errors = fieldErrorsOf(error);
      if (errors.length) form.setFields(errors.map((e) => ({ name: e.field, errors: [e.message] })));
      message.error(isHttpError(error) ? error.msg : String(error));
    } finally {
      setSaving(false);
    }
  };

  if (query.isError) {
    return (
      <Alert type="error" showIcon message={t("mailboxConfig.loadFailed")} action={<Button size="small" onClick={() => void query.refetch()}>{t("mailboxConfig.retry")}</Button>} />
    );
  }

  return (
    <Card title={t("mailboxConfig.title")}>
      {/* Until both are known: a form shown disabled and then enabled would drop what was typed. */}
      {query.isLoading || canEdit.isLoading ? (
        <Skeleton active />
      ) : (
        <Form
          form={form}
          name="mailboxConfig"
          layout="vertical"
          style={{ maxWidth: 720 }}
          disabled={!canEdit.can}
          onFinish={(values) => void save(values)}
          onValuesChange={() => setDirty(true)}
        >
          <Form.Item name="host" label={t("mailboxConfig.fields.host")} rules={[...rules("host"), hostRule]}>
            <Input maxLength={255} placeholder="smtp.example.com" />
          </Form.Item>
          <Form.Item name="port" label={t("mailboxConfig.fields.port")} rules={rules("port")}>
            <InputNumber min={1} max={65535} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Space size="large" wrap>
            <Form.Item name="auth" label={t("mailboxConfig.fields.auth")} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="starttlsEnable" label={t("mailboxConfig.fields.starttlsEnable")} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="sslEnable" label={t("mailboxConfig.fields.sslEnable")} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          {auth && (
            <>
              <Form.Item name="user" label={t("mailboxConfig.fields.user")} rules={[...rules("user"), { required: true, message: mailMessages.userRequired[lang] }]}>
                <Input maxLength={255} autoComplete="off" />
              </Form.Item>
              <Form.Item
                name="password"
                label={t("mailboxConfig.fields.password")}
                rules={[...rules("password"), ...(query.data?.passwordSet ? [] : [{ required: true, message: mailMessages.passwordRequired[lang] }])]}
              >
                <SecretInput isSet={query.data?.passwordSet} maxLength={255} />
              </Form.Item>
            </>
          )}
          <Form.Item name="from" label={t("mailboxConfig.fields.from")} rules={rules("from")}>
            <Input maxLength={255} placeholder="noreply@example.com" />
          </Form.Item>
          <Form.Item name="sslTrusts" label={t("mailboxConfig.fields.sslTrusts")} rules={rules("sslTrusts")} extra={t("mailboxConfig.trustsHelp")}>
            <Input maxLength={500} />
          </Form.Item>
          <Space>
            {canEdit.can && (
              <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving}>
                {t("buttons.save")}
              </Button>
            )}
            {canEdit.can && (
              <Button icon={<MailOutlined />} disabled={!query.data?.id || dirty} title={dirty ? t("mailboxConfig.unsavedTest") : undefined} onClick={() => setTesting(true)}>
                {t("mailboxConfig.test")}
              </Button>
            )}
          </Space>
        </Form>
      )}
      {testing && <TestMailDialog onClose={() => setTesting(false)} />}
    </Card>
  );
}
