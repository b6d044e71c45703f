import { Form, Modal } from "antd";
import type { FormRule } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { fieldRules, toFormRules, writableFields, type FieldError, type Lang } from "../../../../domain/validation";
import { useLanguage } from "../../../providers/i18n";
import { ruleFrom } from "../../../components/rules";
import { usePreventDoubleClick } from "../../../components/layout-prevent-double-click";
import { FieldControl } from "../../../components/resource/FieldControl";
import { useFormTitle, type ResourceFormProps } from "../../../components/resource/ResourceForm";
import { SubmitOnEnter } from "../../../components/SubmitOnEnter";

export interface RuledFormProps extends ResourceFormProps {
  /** The whole-record rules of spec-adjacent pure code (menu-rules.ts, scope-rules.ts), shown beside their fields. */
  validate: (values: Record<string, unknown>, lang: Lang) => FieldError[];
  /** Whether a field shows for the values entered so far (a button's position only for buttons …). */
  shown?: (name: string, values: Record<string, unknown>) => boolean;
  /** Whether a field is marked required for the values entered so far (its rules decide the rest). */
  requiredFor?: (name: string, values: Record<string, unknown>) => boolean | undefined;
  /** A line of help under a field. */
  help?: Record<string, ReactNode>;
  title?: string;
}

/**
 * The kit's resource form (ResourceForm) plus rules across fields: each field gets the spec's
 * rules and, from `validate`, the errors that name it, re-checked when a field it depends on
 * changes. Create starts from the spec's defaults and `extra` (a preset parent); the values of
 * `extra` are sent with the save unless the form holds its own.
 */
export function RuledForm(props: RuledFormProps) {
  const { spec, mode, form, formProps, modalProps, controls = {}, hidden = [], extra = {}, width = 880, validate, shown, requiredFor, help = {}, title } = props;
  const { t } = useTranslation();
  const lang = useLanguage();
  const { blocked, guard } = usePreventDoubleClick();
  const defaultTitle = useFormTitle(spec, mode);
  const watched = (Form.useWatch([], form) ?? {}) as Record<string, unknown>;
  const fields = writableFields(spec).filter(([name, f]) => !hidden.includes(name) && !(mode === "edit" && f.immutable));
  const names = fields.map(([name]) => name);
  const defaults = Object.fromEntries(fields.filter(([, f]) => f.defaultValue !== undefined).map(([n, f]) => [n, f.defaultValue]));
  const initialValues = mode === "create" ? { ...defaults, ...extra } : formProps.initialValues;
  const values = { ...initialValues, ...watched };
  const cross = (name: string): FormRule => ruleFrom<Record<string, unknown>>(form, name, (v) => validate({ ...extra, ...v }, lang));

  return (
    <Modal
      {...modalProps}
      title={title ?? defaultTitle}
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
        initialValues={initialValues}
        // A refused save is already shown (toast, and field errors beside the fields).
        onFinish={guard((entered: Record<string, unknown>) => {
          const given = Object.fromEntries(Object.entries(entered).filter(([, v]) => v !== undefined));
          void Promise.resolve(formProps.onFinish?.({ ...extra, ...given })).catch(() => undefined);
        })}
      >
        <div style={{ display: "grid", gridTemplateColumns: width >= 600 ? "1fr 1fr" : "1fr", columnGap: 16 }}>
          {fields
            .filter(([name]) => !shown || shown(name, values))
            .map(([name, f]) => (
              <Form.Item
                key={name}
                name={name}
                label={t(`${spec.name}.fields.${name}`)}
                rules={[...toFormRules(fieldRules(f, lang), lang), cross(name)]}
                dependencies={names.filter((n) => n !== name)}
                required={requiredFor?.(name, values)}
                extra={help[name]}
                style={f.control === "textarea" || help[name] ? { gridColumn: "1 / -1" } : undefined}
              >
                {controls[name] ?? <FieldControl f={f} />}
              </Form.Item>
            ))}
        </div>
        <SubmitOnEnter />
      </Form>
    </Modal>
  );
}
