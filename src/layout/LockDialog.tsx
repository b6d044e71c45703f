import { Form, Input, Modal, type InputRef } from "antd";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { website } from "../config/website";
import { lockSession } from "../providers/auth/session";
import { lockPasswordRules } from "../../domain/validation";
import { toAntdRule } from "./antd-rules";

/**
 * The lock dialog of §4: a non-empty lock password, then the lock flag and password go to session
 * storage and the dialog closes; the lock guard opens the lock page website.lockDelayMs later.
 */
export function LockDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const inputRef = useRef<InputRef>(null);

  const onOk = async () => {
    const { password } = await form.validateFields();
    lockSession(password);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t("layout.lock.title")}
      okText={t("common.ok")}
      cancelText={t("common.cancel")}
      onOk={() => onOk().catch(() => undefined)}
      onCancel={onClose}
      width={400}
      destroyOnHidden
      // The modal focuses its own panel once open, which defeats autoFocus.
      afterOpenChange={(isOpen) => isOpen && inputRef.current?.focus()}
    >
      <Form form={form} name="lockScreen" layout="vertical" onFinish={() => void onOk().catch(() => undefined)}>
        <Form.Item name="password" label={t("layout.lock.password")} rules={[toAntdRule(lockPasswordRules)]}>
          <Input.Password ref={inputRef} autoFocus maxLength={website.inputMaxLength} placeholder={t("layout.lock.placeholder")} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
