import { SearchOutlined } from "@ant-design/icons";
import { Button, Form, Space, type FormInstance, type FormProps } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BUTTON_GAP } from "../ListToolbar";
import "../i18n";

/** Empties the search form and searches again (the form's 重置, and the empty table's 清空筛选). */
export function clearSearch(form: FormInstance | undefined) {
  form?.resetFields();
  form?.submit();
}

/**
 * The search form part of every list: its fields in one inline row, then 搜索 and 重置 (and what
 * the page puts beside them). `formProps` are refine's searchFormProps: submitting runs the
 * list's onSearch, and a reload fills the fields named as their filters from the URL.
 */
export function SearchForm({ name, formProps, children, extra }: { name: string; formProps: FormProps; children: ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Form {...formProps} name={name} layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
      {children}
      <Space size={BUTTON_GAP} wrap>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t("common.search")}
        </Button>
        <Button onClick={() => clearSearch(formProps.form)}>{t("common.reset")}</Button>
        {extra}
      </Space>
    </Form>
  );
}

/** One search control of a read-only list: free text, or one of `options`. */
export interface SearchField {
  /** The form field's name and the filter's field (a Blade key such as `success_equal`, or a column). */
  name: string;
  label: string;
  /** `eq`: the value as is (a key carrying its own operator, or an equal); `contains`: a LIKE search. */
  operator?: "eq" | "contains";
  options?: { value: string | number; label: string }[];
  maxLength?: number;
  /** Default 请输入… / 请选择… with the label. */
  placeholder?: string;
}

/** The time range of a read-only list: one picker, two filters, as the server reads them. */
export interface DateRangeSearch {
  label: string;
  /** createTime_dategt/_datelt as raw keys (`eq`), or createTime with `gt`/`lt` (the data provider names them). */
  from: { field: string; operator: "eq" | "gt" };
  to: { field: string; operator: "eq" | "lt" };
  /** With the time of day; else whole days (the first from 00:00:00, the last to 23:59:59). */
  showTime?: boolean;
}

/** The form's name of the range picker (never a filter's field, so refine leaves it to useSearchFromUrl). */
export const RANGE_FIELD = "range";
