import { Input, InputNumber, Radio, Select } from "antd";
import { useTranslation } from "react-i18next";
import type { FieldSpec } from "../../../domain/validation";
import { useDict } from "./useDict";

interface Props {
  f: FieldSpec;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  /** The search form's variant: always clearable, never a radio group. */
  search?: boolean;
  placeholder?: string;
}

function DictSelect({ f, search, ...rest }: Props) {
  const { options, loading } = useDict(f.dict, { numeric: f.kind === "int" });
  return <Select {...(rest as object)} options={options} loading={loading} allowClear={search || !f.required} style={{ minWidth: 160 }} />;
}

/** The input a spec field gets, in a form or in the search bar, with the spec's limits. */
export function FieldControl(props: Props) {
  const { t } = useTranslation();
  const { f, search, ...rest } = props;
  if (f.dict) return <DictSelect {...props} />;
  if (f.oneOf) {
    const options = f.oneOf.map((v) => ({ value: v, label: t(`kit.values.${String(v)}`, { defaultValue: String(v) }) }));
    if (f.control === "radio" && !search) return <Radio.Group {...(rest as object)} options={options} />;
    return <Select {...(rest as object)} options={options} allowClear style={{ minWidth: 120 }} />;
  }
  if (f.kind === "int") {
    return <InputNumber {...(rest as object)} min={f.min} max={f.maxValue} precision={0} style={{ width: "100%" }} />;
  }
  if (f.control === "textarea" && !search) return <Input.TextArea {...(rest as object)} maxLength={f.max} showCount rows={3} />;
  return <Input {...(rest as object)} maxLength={f.max} allowClear={search} />;
}
