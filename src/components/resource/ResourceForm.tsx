import { Form, Modal } from "antd";
import type { FormInstance, FormProps, ModalProps } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { fieldRules, toFormRules, writableFields, type ResourceSpec } from "../../../domain/validation";
import { useLanguage } from "../../providers/i18n";
import { usePreventDoubleClick } from "../layout-prevent-double-click";
import { FieldControl } from "./FieldControl";
import { nounOf } from "./wording";
import "./i18n";
import { SubmitOnEnter } from "../SubmitOnEnter";

export interface ResourceFormProps {
  spec: ResourceSpec;
  mode: "create" | "edit";
  form: FormInstance;
  formProps: FormProps;
  modalProps: ModalProps;
  /** Controls replacing the default one of a field (a parent tree select, …). */
  controls?: Record<string, ReactNode>;
  /** Fields not shown (set by the page itself, e.g. a child's parent). */
  hidden?: string[];
  /** Values sent with a save where the form has none (e.g. the parent of a new child). */
  extra?: Record<string, unknown>;
  width?: number;
  /** Form items after the spec's fields, for values that are no column of the row (a directory's applications). */
  extraItems?: ReactNode;
}

/** Every create/edit dialog's title: the action, then the thing (新增用户, "Edit role"). */
export function useFormTitle(spec: Pick<ResourceSpec, "title">, mode: "create" | "edit"): string {
  const { t } = useTranslation();
  return t(`kit.dialog.${mode}`, { noun: nounOf(spec, useLanguage()) });
}

/**
 * The one form of a resource for create and edit, in a modal: every writable field of the spec
 * with the spec's rules (the same the server applies), its maxLength, server field errors beside
 * the fields (refine's useForm sets them), prevent-double-click and the unsaved-changes warning.
 */
export function ResourceForm({ spec, mode, form, formProps, modalProps, controls = {}, hidden = [], extra = {}, width = 880, extraItems }: ResourceFormProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { blocked, guard } = usePreventDoubleClick();
  const fields = writableFields(spec).filter(([name, f]) => !hidden.includes(name) && !(mode === "edit" && f.immutable));

  return (
    <Modal
      {...modalProps}
      title={useFormTitle(spec, mode)}
      width={width}
      destroyOnHidden
      okText={t("buttons.save")}
      okButtonProps={{ ...modalProps.okButtonProps, disabled: blocked || modalProps.okButtonProps?.disabled }}
    >
      <Form
        {...formProps}
        form={form}
        name={`${spec.name}-${mode}`}
        layout="vertical"
        initialValues={mode === "create" ? Object.fromEntries(fields.filter(([, f]) => f.defaultValue !== undefined).map(([n, f]) => [n, f.defaultValue])) : formProps.initialValues}
        // A refused save is already shown (toast, and field errors beside the fields).
        onFinish={guard((values: Record<string, unknown>) => {
          const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
          void Promise.resolve(formProps.onFinish?.({ ...extra, ...given })).catch(() => undefined);
        })}
      >
        <div style={{ display: "grid", gridTemplateColumns: width >= 600 ? "1fr 1fr" : "1fr", columnGap: 16 }}>
          {fields.map(([name, f]) => (
            <Form.Item
              key={name}
              name={name}
              label={t(`${spec.name}.fields.${name}`)}
              rules={toFormRules(fieldRules(f, lang), lang)}
              style={f.control === "textarea" ? { gridColumn: "1 / -1" } : undefined}
            >
              {controls[name] ?? <FieldControl f={f} />}
            </Form.Item>
          ))}
          {extraItems}
        </div>
        <SubmitOnEnter />
      </Form>
    </Modal>
  );
}
