import type { BaseRecord } from "@refinedev/core";
import type { ColumnType } from "antd/es/table";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { auditFieldsOf, type ResourceSpec } from "../../../../domain/validation";
import { useLanguage } from "../../../providers/i18n";
import { dictLabel } from "../dict-i18n";
import { useDict } from "../useDict";
import "../i18n";

/** A dictionary value in the current language, from the dictionary itself. */
export function DictText({ code, value }: { code: string; value: unknown }) {
  const { labelOf } = useDict(code);
  return <>{labelOf(value) ?? String(value ?? "")}</>;
}

/** A spec column's cell drawn by the page (the menu list's names, in the platform's words). */
export type Cells = Record<string, (value: unknown, row: BaseRecord) => ReactNode>;

/**
 * The columns of a resource from its spec (audit fields included): dictionary values and yes/no
 * values in words, sortable where the spec says so, long text cut.
 */
export function useSpecColumns(spec: ResourceSpec, cells?: Cells): ColumnType<BaseRecord>[] {
  const { t } = useTranslation();
  const lng = useLanguage();
  return Object.entries({ ...spec.fields, ...auditFieldsOf(spec) })
    .filter(([, f]) => f.column !== false)
    .map(([name, f]): ColumnType<BaseRecord> => ({
      title: t(`${spec.name}.fields.${name}`),
      dataIndex: name,
      sorter: f.sortable ? true : undefined,
      ellipsis: f.kind === "text" && (f.max ?? 0) > 64,
      render: cells?.[name]
        ? cells[name]
        : f.dict
          ? (v: unknown, row: BaseRecord) =>
              typeof row[`${name}Name`] === "string" ? dictLabel(f.dict!, v, row[`${name}Name`] as string, lng) : <DictText code={f.dict!} value={v} />
          : f.oneOf
            ? (v: unknown) => t(`kit.values.${String(v)}`, { defaultValue: String(v ?? "") })
            : undefined,
    }));
}
