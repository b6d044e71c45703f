import type { BaseRecord } from "@refinedev/core";
import { List } from "@refinedev/antd";
import type { ColumnType } from "antd/es/table";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { clippedText, COLUMN_WIDTH, timeColumn } from "../../../components/table-columns";
import { useDocumentTitle } from "../../../components/useDocumentTitle";
import { ReadOnlyList } from "../../../components/resource/list/ReadOnlyList";
import type { SearchField } from "../../../components/resource/list/SearchForm";
import type { FieldSpec, ResourceSpec } from "../../../../domain/validation";
import "./i18n";

export interface LogListProps {
  spec: ResourceSpec;
  /** Columns in order: spec fields by name, or a column of the page's own. */
  columns: (string | ColumnType<BaseRecord>)[];
  /** Search controls between account and IP (result, type …), by the Blade key they send. */
  search: SearchField[];
  /** Beside the export buttons (the chain check). */
  toolbar?: ReactNode;
  /** Above the table (the chain check's answer). */
  banner?: ReactNode;
  /**
   * Where the list reads when not `<spec.api>/page` (the operation log's api/operationList), and
   * the keys it takes the time range by. The export of the search sends the same keys.
   */
  source?: { api: string; list: string; from: string; to: string };
  /** An export of the ticked rows by their ids (POST, form-encoded): the rows get checkboxes. */
  exportSelectedUrl?: string;
}

/**
 * A spec field's column at a bounded width (text, never markup: whatever a client sent shows as
 * typed). Long text (a user agent) is cut with its whole value in a tooltip; the time keeps all
 * its characters and stays in sight at the right however wide the rest is.
 */
function sizedColumn(f: FieldSpec | undefined): ColumnType<BaseRecord> {
  if (f?.kind === "date") return timeColumn(true);
  const max = f?.max ?? 0;
  return clippedText(max > 255 ? COLUMN_WIDTH.long : max > 64 ? COLUMN_WIDTH.text : COLUMN_WIDTH.name);
}

/**
 * A log's page on the kit's read-only list: search by account, the page's own keys, IP and a time
 * range (createTime_dategt/_datelt as raw Blade keys), newest first, and an export of exactly what
 * the search shows. Logs are written by the server only: no create, edit or delete.
 */
export function LogList({ spec, columns, search, toolbar, banner, source, exportSelectedUrl }: LogListProps) {
  const { t } = useTranslation();
  const title = t(`${spec.name}.title`);
  useDocumentTitle(title);
  const field = (name: string): SearchField => ({ name, label: t(`${spec.name}.fields.${name}`), maxLength: 64 });
  return (
    // The header holds the title only; the actions sit in the list's toolbar, as on every list.
    <List title={title} breadcrumb={false} canCreate={false}>
      <ReadOnlyList
        resource={spec.name}
        meta={{ rawFilters: true, ...(source ? { api: source.api, endpoints: { list: source.list } } : {}) }}
        search={[field("account"), ...search, field("ip")]}
        range={{
          label: t("logAudit.timeRange"),
          from: { field: source?.from ?? "createTime_dategt", operator: "eq" },
          to: { field: source?.to ?? "createTime_datelt", operator: "eq" },
          showTime: true,
        }}
        export={{ filtered: `${spec.api}/download`, ticked: exportSelectedUrl }}
        toolbar={toolbar}
        banner={banner}
        columns={columns.map((c) => (typeof c === "string" ? { title: t(`${spec.name}.fields.${c}`), dataIndex: c, ...sizedColumn(spec.fields[c]) } : c))}
      />
    </List>
  );
}
