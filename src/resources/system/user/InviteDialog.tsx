import { Form, Modal, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LazyTreeSelect } from "../../../components/LazyTreeSelect";
import { DEPT_LOOKUP } from "./dept-lookup";
import { useUserCalls } from "./actions";

/**
 * 邀请加入部门 (batchInviteUserToDept): the chosen users join one department and keep the ones
 * they have, unlike 设置部门, which replaces them.
 */
export function InviteDialog({ ids, onClose }: { ids: string[]; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const { call } = useUserCalls();
  const [form] = Form.useForm<{ deptId: string }>();
  const [saving, setSaving] = useState(false);

  const save = async ({ deptId }: { deptId: string }) => {
    setSaving(true);
    try {
      await call("batchInviteUserToDept", { userIds: ids.join(","), deptId }, t("user.inviteDone"));
      onClose(true);
    } catch {
      // Shown by the http layer; the dialog stays open to try again.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t("user.inviteTitle", { count: ids.length })}
      width={520}
      okText={t("buttons.save")}
      cancelText={t("buttons.cancel")}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t("user.inviteHelp")}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="user-invite" onFinish={save}>
        <Form.Item name="deptId" label={t("user.fields.deptId")} rules={[{ required: true, message: t("user.chooseDept") }]}>
          {/* Departments may be 50,000: a level at a time, searched on the server. */}
          <LazyTreeSelect {...DEPT_LOOKUP} placeholder={t("user.chooseDept")} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
