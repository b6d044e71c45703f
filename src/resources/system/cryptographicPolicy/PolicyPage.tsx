import { useEffect } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Col, Divider, Form, InputNumber, Popconfirm, Result, Row, Skeleton, Space, Switch, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { PASSWORD_RULES_KEY } from "../../../components/password-rules/usePasswordRules";
import { ruleFrom } from "../../../components/rules";
import { useDocumentTitle } from "../../../components/useDocumentTitle";
import type { R } from "../../../../domain/contract";
import { usePermission } from "../../../providers/access-control";
import { isHttpError, http } from "../../../providers/http";
import { useLanguage } from "../../../providers/i18n";
import { PASSWORD_SPECIAL_CHARS } from "../../../../domain/validation";
import { POLICY_LIMITS, parsePasswordPolicy, type PasswordPolicy } from "../../../../domain/validation/password-policy";
import { POLICY_API, POLICY_CODES } from "./codes";
import "./i18n";
import { API } from "../../../../domain/contract/api";

type Source = "tenant" | "platform" | "default";
type PolicyVO = PasswordPolicy & { tenantId?: string; source?: Source };

const QUERY_KEY = ["cryptographicPolicy"];
const NUMBER_UNITS: Record<keyof typeof POLICY_LIMITS, string> = {
  minLength: "chars",
  maxLength: "chars",
  expireDays: "days",
  historyCount: "times",
  lockThreshold: "times",
  lockMinutes: "minutes",
};

/**
 * 密码策略 (/system/cryptographicPolicy/index): the tenant's password policy in one form. The form
 * checks with the function the server runs (parsePasswordPolicy), and after a save every password
 * form of the console rebuilds its rules from getPasswordRegex.
 */
export default function PolicyPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PasswordPolicy>();
  const canEdit = usePermission(POLICY_CODES.edit);
  useDocumentTitle(t("cryptographicPolicy.title"));

  const query = useQuery({
    queryKey: QUERY_KEY,
    queryFn: async () => (await http.get<R<PolicyVO>>(API.get(`${POLICY_API}/getPasswordPolicy`))).data,
  });
  useEffect(() => {
    if (query.data) form.setFieldsValue(query.data);
  }, [query.data, form]);

  const save = useMutation({
    mutationFn: (values: PasswordPolicy) => http.post<R<PolicyVO>>(API.post(`${POLICY_API}/passwordAddUpdate`), values),
    onSuccess: (body) => {
      message.success(t("notifications.editSuccess"));
      queryClient.setQueryData(QUERY_KEY, body.data);
      void queryClient.invalidateQueries({ queryKey: [PASSWORD_RULES_KEY] });
    },
    onError: (error) => {
      // The request layer has shown the message; the server's field errors go beside their fields.
      if (isHttpError(error) && error.errors) {
        form.setFields(Object.entries(error.errors).map(([name, errors]) => ({ name: name as keyof PasswordPolicy, errors })));
      }
    },
  });

  // Forgets the tenant's own policy (it follows the platform's again; the platform's own: the defaults).
  const reset = useMutation({
    mutationFn: () => http.post<R<PolicyVO>>(API.post(`${POLICY_API}/passwordPolicyReset`)),
    onSuccess: (body) => {
      message.success(t("cryptographicPolicy.restored"));
      queryClient.setQueryData(QUERY_KEY, body.data);
      void queryClient.invalidateQueries({ queryKey: [PASSWORD_RULES_KEY] });
    },
  });
  const own = query.data?.source === "tenant" || (query.data?.source === "platform" && query.data.tenantId === "000000");

  const rule = (field: string) => ruleFrom<PasswordPolicy>(form, field, (v) => parsePasswordPolicy(v as unknown as Record<string, unknown>, lang).errors);
  const label = (field: string) => t(`cryptographicPolicy.fields.${field}`);

  const number = (field: keyof typeof POLICY_LIMITS, help?: string) => (
    <Col xs={24} md={12} key={field}>
      <Form.Item name={field} label={label(field)} required rules={[rule(field)]} extra={help} dependencies={field === "maxLength" ? ["minLength"] : undefined}>
        <InputNumber
          min={POLICY_LIMITS[field].min}
          max={POLICY_LIMITS[field].max}
          precision={0}
          style={{ width: "100%" }}
          addonAfter={t(`cryptographicPolicy.unit.${NUMBER_UNITS[field]}`)}
          disabled={!canEdit}
        />
      </Form.Item>
    </Col>
  );
  const flag = (field: keyof PasswordPolicy) => (
    <Col xs={24} md={12} key={field}>
      <Form.Item name={field} label={label(field)} valuePropName="checked">
        <Switch disabled={!canEdit} />
      </Form.Item>
    </Col>
  );

  if (query.isError) {
    return (
      <Card title={t("cryptographicPolicy.title")}>
        <Result status="error" title={t("cryptographicPolicy.loadFailed")} extra={<Button onClick={() => void query.refetch()}>{t("cryptographicPolicy.retry")}</Button>} />
      </Card>
    );
  }

  const source = query.data?.source;
  return (
    <Card title={t("cryptographicPolicy.title")} extra={source && <Tag color={source === "tenant" ? "blue" : "default"}>{t(`cryptographicPolicy.source.${source}`)}</Tag>}>
      {query.isLoading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Form form={form} name="passwordPolicy" layout="vertical" style={{ maxWidth: 880 }} onFinish={(values) => save.mutate(values)}>
          <Divider orientation="left">{t("cryptographicPolicy.sections.length")}</Divider>
          <Row gutter={16}>
            {number("minLength")}
            {number("maxLength")}
            {flag("requireDigits")}
            {flag("requireUpper")}
            {flag("requireLower")}
            {flag("requireSpecial")}
            {flag("rejectWeak")}
          </Row>
          {/* The theme's secondary text colour, which reads on white (a fixed grey did not). */}
          <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
            {t("cryptographicPolicy.help.classes")} ({PASSWORD_SPECIAL_CHARS})
          </Typography.Paragraph>
          <Divider orientation="left">{t("cryptographicPolicy.sections.lifetime")}</Divider>
          <Row gutter={16}>
            {number("expireDays", t("cryptographicPolicy.help.expireDays"))}
            {number("historyCount", t("cryptographicPolicy.help.historyCount"))}
          </Row>
          <Divider orientation="left">{t("cryptographicPolicy.sections.lock")}</Divider>
          {/* The one place the lockout is set: 参数管理's old account.* keys are retired (server/security/params.ts). */}
          <Typography.Paragraph type="secondary">{t("cryptographicPolicy.help.lock")}</Typography.Paragraph>
          <Row gutter={16}>
            {number("lockThreshold")}
            {number("lockMinutes")}
          </Row>
          {canEdit && (
            <Space>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t("buttons.save")}
              </Button>
              <Button htmlType="button" onClick={() => query.data && form.setFieldsValue(query.data)} disabled={save.isPending}>
                {t("cryptographicPolicy.reset")}
              </Button>
              {own && (
                <Popconfirm title={t("cryptographicPolicy.restoreConfirm")} onConfirm={() => reset.mutate()} okText={t("common.ok")} cancelText={t("common.cancel")}>
                  <Button htmlType="button" danger loading={reset.isPending} disabled={save.isPending}>
                    {t("cryptographicPolicy.restore")}
                  </Button>
                </Popconfirm>
              )}
            </Space>
          )}
        </Form>
      )}
    </Card>
  );
}
