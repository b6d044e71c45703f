import { Form, Input, Modal, Select } from "antd";
import { useTranslation } from "react-i18next";
import { SCRIPT_LANGUAGES, type ScriptLanguage } from "../../../../domain/resources/dataFactory/ide/analysis/findings";

export const LANGUAGE_LABELS: Record<ScriptLanguage, string> = { hql: "HQL", python: "Python", scala: "Scala", java: "Java" };

export interface NameDialogProps {
  open: boolean;
  title: string;
  initial: { name: string; language: ScriptLanguage };
  /** Renaming keeps the language. */
  withLanguage: boolean;
  onOk(values: { name: string; language: ScriptLanguage }): Promise<void>;
  onCancel(): void;
}

/** Name (and language, for a new script) of a script. */
export function NameDialog({ open, title, initial, withLanguage, onOk, onCancel }: NameDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; language: ScriptLanguage }>();
  return (
    <Modal
      open={open}
      title={title}
      destroyOnHidden
      onCancel={onCancel}
      onOk={async () => {
        const values = await form.validateFields();
        await onOk({ ...values, name: values.name.trim() });
      }}
    >
      {/* Destroyed on close, so each opening starts from `initial`. */}
      <Form form={form} layout="vertical" preserve={false} initialValues={initial}>
        <Form.Item name="name" label={t("ide.name")} rules={[{ required: true, whitespace: true, message: t("ide.nameRequired") }, { max: 64 }]}>
          <Input maxLength={64} autoFocus />
        </Form.Item>
        {withLanguage && (
          <Form.Item name="language" label={t("ide.language")}>
            <Select options={SCRIPT_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] }))} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
