import type { FormInstance, FormRule } from "antd";

type FieldErrors = { field: string; message: string }[];

/**
 * Builds an antd rule for one field from a whole-object validator of domain/validation, so the
 * console and the server refuse the same input with the same words.
 */
export function ruleFrom<T>(
  form: FormInstance<T>,
  field: string,
  validate: (values: Record<string, unknown>) => FieldErrors,
  prepare: (values: T) => Record<string, unknown> = (v) => v as Record<string, unknown>,
): FormRule {
  return {
    validator: async (_rule, value) => {
      const values = { ...prepare(form.getFieldsValue(true) as T) };
      const prepared = prepare({ ...(form.getFieldsValue(true) as T), [field]: value } as T);
      values[field] = prepared[field];
      const error = validate(values).find((e) => e.field === field);
      if (error) throw new Error(error.message);
    },
  };
}
