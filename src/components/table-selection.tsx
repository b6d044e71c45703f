import type { TableRowSelection } from "antd/es/table/interface";
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import "./i18n";

/**
 * A table's row selection whose checkboxes have names: antd's row checkboxes have none and its
 * header checkbox says "Select all" in English whatever the language. Every row's checkbox is
 * named after the row (选择「张三」), the header's after what it does, in the console's language.
 */
export function useNamedSelection<T>(selection: TableRowSelection<T> | undefined, nameOf: (row: T) => string): TableRowSelection<T> | undefined {
  const { t } = useTranslation();
  if (!selection) return undefined;
  return {
    ...selection,
    getCheckboxProps: (row) => ({ ...selection.getCheckboxProps?.(row), "aria-label": t("components.selection.row", { name: nameOf(row) }) }),
    columnTitle:
      selection.columnTitle ??
      ((checkbox: ReactNode) => (isValidElement(checkbox) ? cloneElement(checkbox as ReactElement<{ "aria-label"?: string }>, { "aria-label": t("components.selection.all") }) : checkbox)),
  };
}
