import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { LazyTreeSelect } from "../../../components/LazyTreeSelect";
import { deptSpec } from "../../../../domain/resources/system/dept/spec";
import "./i18n";

export { SEARCH_DELAY_MS } from "../../../components/LazyTreeSelect";

export interface DeptTreeSelectProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** The department being edited: neither it nor anything below it may become its own parent. */
  exclude?: string;
  /** The edited department's ancestors: the levels down to its parent are loaded and opened. */
  path?: string;
  /** The name of the initial value, shown before its level is loaded. */
  initialLabel?: string;
}

/** The parent picker of a department: one level at a time, searched on the server; empty = the top level. */
export function DeptTreeSelect({ initialLabel, value, ...rest }: DeptTreeSelectProps) {
  const { t } = useTranslation();
  const labels = useMemo(() => (value && initialLabel ? { [value]: initialLabel } : undefined), [value, initialLabel]);
  return (
    <LazyTreeSelect
      {...rest}
      value={value}
      levelUrl={`${deptSpec.api}/lazy-tree`}
      searchUrl={`${deptSpec.api}/lazy-list`}
      searchField="deptName"
      initialLabels={labels}
      placeholder={t("dept.topLevel")}
    />
  );
}
