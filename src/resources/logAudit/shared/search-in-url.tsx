import type { CrudFilter } from "@refinedev/core";
import type { FormInstance } from "antd";
import dayjs from "dayjs";
import { useEffect } from "react";
import { DATE_FORMAT } from "../../../providers/data";
import type { SearchTerm } from "../../../components/resource/ListStatus";
import type { SearchOption } from "./LogList";

/** The keys a log's time range is sent by (createTime_dategt/_datelt, or the page's own). */
export interface RangeKeys {
  from: string;
  to: string;
}

const valueOf = (filters: readonly CrudFilter[], key: string): unknown => {
  const f = filters.find((c) => "field" in c && c.field === key);
  return f?.value === "" ? undefined : f?.value;
};

/**
 * A log's search form filled again from the URL's filters (a reload or a shared link): refine
 * fills fields named as their filter, but the time range is two filters in one picker and a
 * select's option is a number where the URL holds text.
 */
export function useSearchFromUrl(form: FormInstance | undefined, filters: readonly CrudFilter[], search: SearchOption[], range: RangeKeys) {
  useEffect(() => {
    if (!form) return;
    const [from, to] = [valueOf(filters, range.from), valueOf(filters, range.to)];
    const date = (v: unknown) => (typeof v === "string" && dayjs(v, DATE_FORMAT).isValid() ? dayjs(v, DATE_FORMAT) : null);
    const values: Record<string, unknown> = {};
    if (from || to) values.createTime = [date(from), date(to)];
    for (const s of search) {
      const v = valueOf(filters, s.key);
      const option = s.options?.find((o) => String(o.value) === String(v));
      if (option) values[s.key] = option.value;
    }
    form.setFieldsValue(values);
    // Once, when the page opens: afterwards the form is the source of the filters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form]);
}

/** What a log's search asks for now, as the operator chose it (for 没有符合「…」的数据). */
export function searchTerms(
  filters: readonly CrudFilter[],
  fields: { key: string; label: string; options?: SearchOption["options"] }[],
  range: RangeKeys & { label: string },
): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (const f of fields) {
    const v = valueOf(filters, f.key);
    if (v === undefined || v === null) continue;
    terms.push({ label: f.label, value: f.options?.find((o) => String(o.value) === String(v))?.label ?? String(v) });
  }
  const [from, to] = [valueOf(filters, range.from), valueOf(filters, range.to)];
  if (from || to) terms.push({ label: range.label, value: `${String(from ?? "")} ~ ${String(to ?? "")}` });
  return terms;
}
