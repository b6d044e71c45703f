import { Alert, App, Checkbox, Form, Input, Modal, Radio, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { R } from "../../../../domain/contract";
import { usePasswordRules } from "../../../components/password-rules/usePasswordRules";
import { http, isHttpError } from "../../../providers/http";
import { USER_FIELD_LIMITS } from "../../../../domain/validation";
import { API } from "../../../../domain/contract/api";

type Mode = "initial" | "typed" | "generated";
interface Values {
  mode: Mode;
  password?: string;
  password2?: string;
  mustChange?: boolean;
}

/** What the reference server says before the reset; null when the server cannot say (a real BladeX, whose default is 123456). */
type ResetInfo = { initPassword: boolean; paramKey: string } | null;

/**
 * The password a reset gave, when the server names it: the reference server answers
 * `{ password }` for the initial and a generated one; BladeX answers only success (`true`), and a
 * typed password is never echoed: then nothing is shown.
 */
function resetPasswordOf(data: unknown): string | undefined {
  if (typeof data === "string" && data !== "") return data;
  const password = (data as { password?: unknown } | null | undefined)?.password;
  return typeof password === "string" && password !== "" ? password : undefined;
}

/**
 * 重置密码 of one user, Keycloak's way: the parameters' initial password (BladeX's call, unchanged),
 * a password the operator types (held to the tenant's policy, refusals beside the field) or one the
 * server generates, shown once; optionally to be changed at the user's next sign-in. When no initial
 * password is configured the dialog says so, and where, before anything is sent.
 */
export function ResetPasswordDialog({ id, tenantId, name, onClose }: { id: string; tenantId?: string; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [info, setInfo] = useState<ResetInfo>();
  const [saving, setSaving] = useState(false);
  const policy = usePasswordRules(tenantId);
  const mode = Form.useWatch("mode", form);

  useEffect(() => {
    let live = true;
    http
      .get<R<ResetInfo>>(API.get("/blade-user/resetPwd/info"), { silent: true })
      .then((r) => r.data ?? null, () => null)
      .then((data) => {
        if (!live) return;
        setInfo(data);
        // The default follows what the server says, unless the operator chose already (the answer
        // can come after their click); a choice of the initial password that does not exist goes.
        const noInit = Boolean(data && !data.initPassword);
        if (!form.isFieldTouched("mode") || (noInit && form.getFieldValue("mode") === "initial")) form.setFieldValue("mode", noInit ? "typed" : "initial");
      });
    return () => void (live = false);
  }, [form]);

  const showOnce = (password: string) =>
    modal.info({
      title: t("user.resetPasswordTitle"),
      okText: t("user.resetPasswordClose"),
      maskClosable: false,
      keyboard: false,
      width: 460,
      content: (
        <>
          <Alert type="warning" showIcon message={t("user.resetPasswordWarning")} style={{ margin: "12px 0" }} />
          <Typography.Text code copyable={{ text: password, tooltips: [t("user.copy"), t("user.copied")] }} data-testid="user-reset-password">
            {password}
          </Typography.Text>
        </>
      ),
    });

  const submit = async (values: Values) => {
    const mustChange = Boolean(values.mustChange);
    // Nothing beyond BladeX's own call unless asked for: a real BladeX never receives a body.
    const body =
      values.mode === "typed" ? { password: values.password, mustChange } : values.mode === "generated" ? { generate: true, mustChange } : mustChange ? { mustChange } : undefined;
    setSaving(true);
    try {
      const res = await http.post<R<unknown>>(API.post("/blade-user/resetPwd"), body, { params: { ids: id } });
      message.success(t("user.resetDone"));
      onClose();
      const password = resetPasswordOf(res.data);
      if (password) showOnce(password);
    } catch (e) {
      // The refusal is already a toast (§8); the policy's words go beside the field too.
      const errors = isHttpError(e) ? e.errors?.password : undefined;
      if (errors) form.setFields([{ name: "password", errors }]);
    } finally {
      setSaving(false);
    }
  };

  const noInit = info?.initPassword === false;
  return (
    <Modal
      open
      title={t("user.resetDialog.title", { name })}
      okText={t("user.resetDialog.ok")}
      cancelText={t("buttons.cancel")}
      okButtonProps={{ loading: saving, disabled: info === undefined }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {noInit && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t("user.resetDialog.noInit", { key: info.paramKey })} />}
      <Form form={form} layout="vertical" name="user-reset-password" onFinish={(v) => void submit(v)} initialValues={{ mustChange: false }}>
        <Form.Item name="mode" label={t("user.resetDialog.mode")}>
          <Radio.Group>
            <Radio value="initial" disabled={noInit}>
              {t("user.resetDialog.initial")}
            </Radio>
            <Radio value="typed">{t("user.resetDialog.typed")}</Radio>
            <Radio value="generated">{t("user.resetDialog.generated")}</Radio>
          </Radio.Group>
        </Form.Item>
        {mode === "typed" && (
          <>
            <Form.Item name="password" label={t("user.resetDialog.password")} rules={[{ required: true, message: t("user.resetDialog.passwordRequired") }, policy.rule]}>
              <Input.Password maxLength={USER_FIELD_LIMITS.password} autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="password2"
              label={t("user.resetDialog.password2")}
              dependencies={["password"]}
              rules={[
                { required: true, message: t("user.resetDialog.password2Required") },
                ({ getFieldValue }) => ({
                  validator: async (_r, v) => {
                    if (v && v !== getFieldValue("password")) throw new Error(t("user.resetDialog.mismatch"));
                  },
                }),
              ]}
            >
              <Input.Password maxLength={USER_FIELD_LIMITS.password} autoComplete="new-password" />
            </Form.Item>
          </>
        )}
        {mode === "generated" && <Typography.Paragraph type="secondary">{t("user.resetDialog.generatedHint")}</Typography.Paragraph>}
        <Form.Item name="mustChange" valuePropName="checked">
          <Checkbox>{t("user.resetDialog.mustChange")}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
