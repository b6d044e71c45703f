import { Input, Select } from "antd";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { lazyRoute } from "../lazy-route";
import type { FieldSpec } from "../../../domain/validation";
import { useDict } from "./useDict";

// Number fields and radio groups are in a few dialogs only (loaded with them); the list pages'
// search bars use text and selects, so these two controls are not in a page's first load.
const InputNumber = lazyRoute(() => import("antd/es/input-number"));
const RadioGroup = lazyRoute(() => import("antd/es/radio/group"));

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
    if (f.control === "radio" && !search) {
      return (
        <Suspense fallback={<Input disabled aria-busy />}>
          <RadioGroup {...(rest as object)} options={options} />
        </Suspense>
      );
    }
    return <Select {...(rest as object)} options={options} allowClear style={{ minWidth: 120 }} />;
  }
  if (f.kind === "int") {
    return (
      <Suspense fallback={<Input disabled aria-busy />}>
        <InputNumber {...(rest as object)} min={f.min} max={f.maxValue} precision={0} style={{ width: "100%" }} />
      </Suspense>
    );
  }
  if (f.control === "textarea" && !search) return <Input.TextArea {...(rest as object)} maxLength={f.max} showCount rows={3} />;
  return <Input {...(rest as object)} maxLength={f.max} allowClear={search} />;
}
