import { App, Form, Input, Modal, Radio } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DURATIONS, submitRequest } from "../shared/api";

/** 申请: a reason (required) and a duration (7, 30, 90 days or permanent) for one application. */
export function ApplyDialog({ app, directoryId, onClose, onDone }: { app: { id: string; appName: string }; directoryId?: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string; durationDays: number }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    let values: { reason: string; durationDays: number };
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is missing beside its field
    }
    setBusy(true);
    try {
      await submitRequest({ appId: app.id, directoryId, reason: values.reason.trim(), durationDays: values.durationDays });
    } catch {
      return; // the server's message is shown by the http layer
    } finally {
      setBusy(false);
    }
    message.success(t("resourceCenter.applyDone"));
    onDone();
  };
  return (
    <Modal open title={t("resourceCenter.applyTitle", { name: app.appName })} onOk={submit} onCancel={onClose} confirmLoading={busy} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ durationDays: 0, reason: "" }}>
        <Form.Item name="reason" label={t("resourceCenter.fields.reason")} rules={[{ required: true, whitespace: true, message: t("resourceCenter.reasonRequired") }, { max: 255 }]}>
          <Input.TextArea rows={3} maxLength={255} showCount />
        </Form.Item>
        <Form.Item name="durationDays" label={t("resourceCenter.fields.duration")}>
          <Radio.Group options={DURATIONS.map((d) => ({ value: d, label: d === 0 ? t("resourceCenter.permanent") : t("resourceCenter.days", { count: d }) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
