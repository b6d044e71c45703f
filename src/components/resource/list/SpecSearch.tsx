import type { CrudFilter } from "@refinedev/core";
import { Form } from "antd";
import { useTranslation } from "react-i18next";
import type { FieldSpec, ResourceSpec } from "../../../../domain/validation";
import { FieldControl } from "../FieldControl";
import type { SearchTerm } from "../ListStatus";
import { DictText } from "./spec-columns";
import "../i18n";

/** The spec's searchable fields, in the spec's order. */
export const searchFieldsOf = (spec: ResourceSpec): [string, FieldSpec][] => Object.entries(spec.fields).filter(([, f]) => f.search);

/** The filters of the search form's values: `equal` fields as equals, the rest as LIKE; text trimmed. */
export function specSearchFilters(spec: ResourceSpec, values: Record<string, unknown>): CrudFilter[] {
  return searchFieldsOf(spec).map(([name, f]) => {
    const v = values[name];
    return { field: name, operator: f.search === "equal" ? "eq" : "contains", value: typeof v === "string" ? v.trim() || undefined : v };
  });
}

/** True when any of the spec's search fields holds a value among `filters`. */
export function hasSpecSearch(spec: ResourceSpec, filters: readonly CrudFilter[] | undefined): boolean {
  const names = searchFieldsOf(spec).map(([name]) => name);
  return (filters ?? []).some((f) => "field" in f && names.includes(f.field) && f.value !== undefined && f.value !== null && f.value !== "");
}

/** What the search form asks for now (from the list's filters, so a reloaded URL's search counts). */
export function useSpecSearchTerms(spec: ResourceSpec, filters: readonly CrudFilter[]): SearchTerm[] {
  const { t } = useTranslation();
  return searchFieldsOf(spec).flatMap(([name, f]): SearchTerm[] => {
    const v: unknown = filters.find((c) => "field" in c && c.field === name)?.value;
    if (v === undefined || v === null || v === "") return [];
    const label = t(`${spec.name}.fields.${name}`);
    if (f.dict) return [{ label, value: <DictText code={f.dict} value={v} /> }];
    return [{ label, value: f.oneOf ? t(`kit.values.${String(v)}`, { defaultValue: String(v) }) : String(v) }];
  });
}

/** The spec's search fields as SearchForm's children, each with the spec's control. */
export function SpecSearchFields({ spec }: { spec: ResourceSpec }) {
  const { t } = useTranslation();
  return (
    <>
      {searchFieldsOf(spec).map(([name, f]) => (
        <Form.Item key={name} name={name} label={t(`${spec.name}.fields.${name}`)}>
          <FieldControl f={f} search placeholder={t(f.dict || f.oneOf ? "kit.select" : "kit.enter", { label: t(`${spec.name}.fields.${name}`) })} />
        </Form.Item>
      ))}
    </>
  );
}
