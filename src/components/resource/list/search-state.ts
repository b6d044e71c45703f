import type { CrudFilter } from "@refinedev/core";
import type { FormInstance } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useEffect } from "react";
import { DATE_FORMAT } from "../../../providers/data";
import type { SearchTerm } from "../ListStatus";
import { RANGE_FIELD, type DateRangeSearch, type SearchField } from "./SearchForm";

type Key = { field: string; operator: string };

const valueOf = (filters: readonly CrudFilter[], key: Key): unknown => {
  const f = filters.find((c) => "field" in c && c.field === key.field && c.operator === key.operator);
  return f?.value === "" ? undefined : f?.value;
};
const keyOf = (f: SearchField): Key => ({ field: f.name, operator: f.operator ?? "eq" });

/**
 * The filters a read-only list's search form sends. Text is trimmed; the range goes as text (it
 * travels in the URL), whole days unless the picker shows the time.
 */
export function searchFilters(values: Record<string, unknown>, fields: SearchField[], range?: DateRangeSearch): CrudFilter[] {
  const text = (v: unknown) => (typeof v === "string" ? v.trim() || undefined : v);
  const filters: CrudFilter[] = fields.map((f) => ({ field: f.name, operator: f.operator ?? "eq", value: text(values[f.name]) }) as CrudFilter);
  if (range) {
    const [from, to] = (values[RANGE_FIELD] as [Dayjs | null, Dayjs | null] | null | undefined) ?? [];
    const day = (d: Dayjs | null | undefined, edge: "startOf" | "endOf") => (d ? (range.showTime ? d : d[edge]("day")).format(DATE_FORMAT) : undefined);
    filters.push({ ...range.from, value: day(from, "startOf") } as CrudFilter, { ...range.to, value: day(to, "endOf") } as CrudFilter);
  }
  return filters;
}

/**
 * A search form filled again from the URL's filters (a reload or a shared link): refine fills
 * fields named as their filter, but the range is two filters in one picker and a select's option
 * is a number where the URL holds text.
 */
export function useSearchFromUrl(form: FormInstance | undefined, filters: readonly CrudFilter[], fields: SearchField[], range?: DateRangeSearch) {
  useEffect(() => {
    if (!form) return;
    const values: Record<string, unknown> = {};
    if (range) {
      const [from, to] = [valueOf(filters, range.from), valueOf(filters, range.to)];
      const date = (v: unknown) => (typeof v === "string" && dayjs(v, DATE_FORMAT).isValid() ? dayjs(v, DATE_FORMAT) : null);
      if (from || to) values[RANGE_FIELD] = [date(from), date(to)];
    }
    for (const f of fields) {
      const v = valueOf(filters, keyOf(f));
      const option = f.options?.find((o) => String(o.value) === String(v));
      if (option) values[f.name] = option.value;
    }
    form.setFieldsValue(values);
    // Once, when the list opens: afterwards the form is the source of the filters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form]);
}

/** What the search asks for now, as the operator chose it (for 没有符合「…」的数据). */
export function searchTerms(filters: readonly CrudFilter[], fields: SearchField[], range?: DateRangeSearch): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (const f of fields) {
    const v = valueOf(filters, keyOf(f));
    if (v === undefined || v === null) continue;
    terms.push({ label: f.label, value: f.options?.find((o) => String(o.value) === String(v))?.label ?? String(v) });
  }
  if (range) {
    const [from, to] = [valueOf(filters, range.from), valueOf(filters, range.to)];
    if (from || to) terms.push({ label: range.label, value: `${String(from ?? "")} ~ ${String(to ?? "")}` });
  }
  return terms;
}
