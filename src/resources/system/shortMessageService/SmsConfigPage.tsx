import { SaveOutlined } from "@ant-design/icons";
import { useResourceCan } from "../../../providers/access-control";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Card, Form, Input, Select, Skeleton, Space, Switch, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { SecretInput } from "../../../components/resource/SecretInput";
import { useDocumentTitle } from "../../../components/useDocumentTitle";
import { isHttpError } from "../../../providers/http";
import { useLanguage } from "../../../providers/i18n";
import { fieldRules, toFormRules, type FieldError, type FieldSpec } from "../../../../domain/validation";
import { fetchSmsConfig, saveSmsConfig, setSmsStatus, type SmsConfig } from "./calls";
import { SMS_MENU_CODE, SMS_PROVIDERS, smsFields, type SmsProvider } from "../../../../domain/resources/system/shortMessageService/spec";
import "./i18n";

const QUERY_KEY = ["shortMessageService"];
type SmsField = keyof typeof smsFields;

function fieldErrorsOf(error: unknown): FieldError[] {
  if (!isHttpError(error)) return [];
  const data = (error.body as { data?: unknown } | undefined)?.data;
  return Array.isArray(data) ? data.filter((e): e is FieldError => !!e && typeof e.field === "string" && typeof e.message === "string") : [];
}

/**
 * 短信配置 (/system/shortMessageService/index): the provider, keys, signature and template of the
 * verification code. The secret key is write-only; the status switch asks before it changes where
 * the sign-in codes go.
 */
export default function SmsConfigPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { message, modal } = App.useApp();
  useDocumentTitle(t("shortMessageService.title"));
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: QUERY_KEY, queryFn: fetchSmsConfig });
  const exists = !!query.data?.id;
  const canSave = useResourceCan(SMS_MENU_CODE, exists ? "edit" : "create");
  const canEdit = useResourceCan(SMS_MENU_CODE, "edit");
  const [saving, setSaving] = useState(false);
  const provider = (Form.useWatch("provider", form) ?? "log") as SmsProvider;

  useEffect(() => {
    if (query.data) form.setFieldsValue({ ...query.data, secretKey: "" });
  }, [query.data, form]);

  const rules = (name: SmsField) => toFormRules(fieldRules(smsFields[name], lang), lang);

  const save = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      queryClient.setQueryData<SmsConfig>(QUERY_KEY, await saveSmsConfig(values));
      message.success(t("shortMessageService.saved"));
    } catch (error) {
      const errors = fieldErrorsOf(error);
      if (errors.length) form.setFields(errors.map((e) => ({ name: e.field, errors: [e.message] })));
      message.error(isHttpError(error) ? error.msg : String(error));
    } finally {
      setSaving(false);
    }
  };

  const toggle = (on: boolean) => {
    const id = query.data?.id;
    if (!id) return;
    modal.confirm({
      title: t(on ? "shortMessageService.enableConfirm" : "shortMessageService.disableConfirm"),
      okText: t("common.ok", { defaultValue: "确定" }),
      cancelText: t("buttons.cancel"),
      onOk: async () => {
        await setSmsStatus(id, on ? 1 : 0);
        await query.refetch();
        message.success(t("shortMessageService.statusChanged"));
      },
    });
  };

  if (query.isError) {
    return (
      <Alert type="error" showIcon message={t("shortMessageService.loadFailed")} action={<Button size="small" onClick={() => void query.refetch()}>{t("shortMessageService.retry")}</Button>} />
    );
  }

  const text = (name: SmsField, extra: Partial<{ placeholder: string; help: string }> = {}) => (
    <Form.Item name={name} label={t(`shortMessageService.fields.${name}`)} rules={rules(name)} extra={extra.help}>
      <Input maxLength={(smsFields[name] as FieldSpec).max} placeholder={extra.placeholder} />
    </Form.Item>
  );

  return (
    <Card
      title={t("shortMessageService.title")}
      extra={
        <Space>
          <Typography.Text>{t("shortMessageService.status")}</Typography.Text>
          <Switch
            aria-label={t("shortMessageService.status")}
            checked={query.data?.status === 1}
            disabled={!exists || !canEdit.can}
            title={exists ? undefined : t("shortMessageService.saveFirst")}
            checkedChildren={t("shortMessageService.enabled")}
            unCheckedChildren={t("shortMessageService.disabled")}
            onChange={toggle}
          />
        </Space>
      }
    >
      {/* Until both are known: a form shown disabled and then enabled would drop what was typed. */}
      {query.isLoading || canSave.isLoading ? (
        <Skeleton active />
      ) : (
        <Form form={form} name="shortMessageService" layout="vertical" style={{ maxWidth: 720 }} disabled={!canSave.can} onFinish={(v) => void save(v)}>
          <Form.Item name="provider" label={t("shortMessageService.fields.provider")} rules={rules("provider")} extra={provider === "log" ? t("shortMessageService.logHelp") : undefined}>
            <Select options={SMS_PROVIDERS.map((p) => ({ value: p, label: t(`shortMessageService.providers.${p}`) }))} style={{ maxWidth: 240 }} />
          </Form.Item>
          {provider !== "log" && (
            <>
              {text("accessKey")}
              <Form.Item name="secretKey" label={t("shortMessageService.fields.secretKey")} rules={rules("secretKey")}>
                <SecretInput isSet={query.data?.secretKeySet} maxLength={255} />
              </Form.Item>
              {text("signName")}
              {text("templateId")}
              {text("regionId")}
              {text("endpoint", { placeholder: "https://…", help: t("shortMessageService.endpointHelp") })}
            </>
          )}
          <Form.Item name="remark" label={t("shortMessageService.fields.remark")} rules={rules("remark")}>
            <Input.TextArea maxLength={200} showCount rows={3} />
          </Form.Item>
          {canSave.can && (
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving}>
              {t("buttons.save")}
            </Button>
          )}
        </Form>
      )}
    </Card>
  );
}
