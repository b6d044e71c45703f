import { useQueryClient } from "@tanstack/react-query";
import { App, Form, Modal, Select } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { website } from "../config/website";
import { switchRules } from "../../domain/validation";
import { toAntdRule } from "./antd-rules";
import { useSessionUser } from "./session-user";
import { fetchDeptOptions, fetchRoleOptions, switchDeptRole, type DeptOption, type RoleOption } from "./switch-role";

interface Values {
  dept: string;
  role: string;
}

/** The switch department/role dialog of §4 (switch mode only). */
export function SwitchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const user = useSessionUser();
  const [form] = Form.useForm<Values>();
  const [depts, setDepts] = useState<DeptOption[]>([]);
  const [roles, setRoles] = useState<RoleOption[]>([]);
  const [busy, setBusy] = useState(false);
  const userId = user?.user_id;

  useEffect(() => {
    if (!open || !userId) return;
    let live = true;
    void fetchDeptOptions(userId).then((d) => live && setDepts(d), () => undefined);
    void fetchRoleOptions(userId).then((r) => live && setRoles(r), () => undefined);
    return () => {
      live = false;
    };
  }, [open, userId]);

  const onOk = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await switchDeptRole({ deptId: values.dept, roleId: values.role });
      // Button permissions and the identity were cached by refine for the old role.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["access"] }),
        queryClient.invalidateQueries({ queryKey: ["auth"] }),
      ]);
      onClose();
      message.success(t("layout.switch.done"));
      navigate(website.firstPage.path);
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t("layout.switch.title")}
      okText={t("common.ok")}
      cancelText={t("common.cancel")}
      confirmLoading={busy}
      onOk={() => void onOk().catch(() => undefined)}
      onCancel={onClose}
      width={420}
      destroyOnHidden
    >
      <Form form={form} name="switchDeptRole" layout="vertical">
        <Form.Item name="dept" label={t("layout.switch.dept")} rules={[toAntdRule((lang) => switchRules(lang).dept)]}>
          <Select options={depts.map((d) => ({ value: d.id, label: d.deptName }))} aria-label={t("layout.switch.dept")} />
        </Form.Item>
        <Form.Item name="role" label={t("layout.switch.role")} rules={[toAntdRule((lang) => switchRules(lang).role)]}>
          <Select options={roles.map((r) => ({ value: r.id, label: r.roleName }))} aria-label={t("layout.switch.role")} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
