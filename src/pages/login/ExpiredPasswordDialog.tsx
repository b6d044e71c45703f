import { useState } from "react";
import { Alert, App, Form, Input, Modal } from "antd";
import { useTranslation } from "react-i18next";
import { usePasswordRules } from "../../components/password-rules/usePasswordRules";
import type { R } from "../../../domain/contract";
import { hashPassword } from "../../providers/auth/api";
import { http } from "../../providers/http";
import { useLanguage } from "../../providers/i18n";
import { formatMessage } from "../../../domain/validation";
import "./expired-password-i18n";
import { API } from "../../../domain/contract/api";
import { SubmitOnEnter } from "../../components/SubmitOnEnter";

/** Answers the sign-in that the server refused with password_expired (server/modules/password-policy/expired.ts). */
export const UPDATE_EXPIRED_URL = API.post("/blade-system/sysConfig/updateExpiredPassword");

interface Props {
  tenantId: string;
  account: string;
  /** The expired password as typed at sign-in: it proves who is asking, sent as its md5 digest. */
  oldPassword: string;
  /** An administrator's reset asked for the change (not the policy's expiry): said so, not "expired". */
  reset?: boolean;
  onCancel: () => void;
  /** Called with the new password, so the sign-in can go on with it. */
  onChanged: (newPassword: string) => void;
}

interface Values {
  newPassword: string;
  newPassword1: string;
}

/**
 * Opened by the sign-in form before anything else when the password has expired: a new password
 * under the tenant's policy (the same rules and words as the server), then sign-in continues.
 */
export function ExpiredPasswordDialog({ tenantId, account, oldPassword, reset, onCancel, onChanged }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const policy = usePasswordRules(tenantId);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await http.post<R<unknown>>(
        UPDATE_EXPIRED_URL,
        { account, oldPassword: hashPassword(oldPassword), newPassword: values.newPassword, newPassword1: values.newPassword1 },
        { meta: { isToken: false }, headers: { "Tenant-Id": tenantId } },
      );
    } catch {
      setSaving(false);
      return; // the request layer has shown the server's message
    }
    message.success(t("expiredPassword.done"));
    onChanged(values.newPassword);
  };

  return (
    <Modal
      open
      title={t(reset ? "expiredPassword.resetTitle" : "expiredPassword.title")}
      onCancel={onCancel}
      onOk={() => void submit()}
      okText={t("expiredPassword.submit")}
      cancelText={t("common.cancel")}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Alert type="warning" showIcon message={t(reset ? "expiredPassword.resetNotice" : "expiredPassword.notice")} style={{ marginBottom: 16 }} />
      <Form form={form} name="expiredPassword" layout="vertical" onFinish={() => void submit()}>
        <Form.Item name="newPassword" label={t("expiredPassword.newPassword")} rules={[{ required: true, message: t("expiredPassword.required") }, policy.rule]}>
          <Input.Password autoComplete="new-password" maxLength={64} autoFocus />
        </Form.Item>
        <Form.Item
          name="newPassword1"
          label={t("expiredPassword.newPassword1")}
          dependencies={["newPassword"]}
          rules={[
            { required: true, message: t("expiredPassword.confirmRequired") },
            ({ getFieldValue }) => ({
              validator: (_r, v) =>
                !v || v === getFieldValue("newPassword") ? Promise.resolve() : Promise.reject(new Error(formatMessage("passwordMismatch", lang))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <SubmitOnEnter />
      </Form>
    </Modal>
  );
}
