import type { BaseRecord, CrudFilter } from "@refinedev/core";
import { Card, Descriptions, List as AntList, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ReadOnlyList } from "../../../components/resource/list/ReadOnlyList";
import type { SampleSearchField } from "../../../../domain/resources/dataAssets/sample/areas";
import "./i18n";

export interface SampleTableProps {
  resource: string;
  /** The named data provider ("sample" is simple-rest), else the Blade one with `meta`. */
  dataProviderName?: string;
  meta?: Record<string, unknown>;
  columns: ColumnsType<BaseRecord>;
  search?: SampleSearchField[];
  permanent?: CrudFilter[];
  /** Rows as cards (the project board): titled by `projectName`, tagged by `dbType`, these columns below. */
  board?: { fields: string[] };
  /** The list's actions, in the toolbar row every list has above its table (none: a read-only list has no toolbar). */
  toolbar?: ReactNode;
}

/** A read-only sample list (§1) on the kit's read-only list: its search form and paging (10 a page, §9), its URL left to the page. */
export function SampleTable({ resource, dataProviderName, meta, columns, search = [], permanent, board, toolbar }: SampleTableProps) {
  const { t } = useTranslation();
  return (
    <ReadOnlyList
      resource={resource}
      dataProviderName={dataProviderName}
      meta={meta}
      syncWithLocation={false}
      permanent={permanent}
      search={search.map((f) => ({
        name: f.name,
        label: t(`sample.fields.${f.name}`),
        operator: f.kind === "equal" ? "eq" : "contains",
        options: f.kind === "equal" ? (f.options ?? []).map((o) => ({ value: o.value, label: t(o.label, { defaultValue: o.label }) })) : undefined,
      }))}
      toolbar={toolbar}
      columns={columns}
      renderRows={
        board &&
        (({ rows, loading, pagination }) => (
          <AntList<BaseRecord>
            grid={{ gutter: 12, column: 3, xs: 1, sm: 2, md: 2, lg: 3, xl: 3, xxl: 4 }}
            loading={loading}
            dataSource={rows}
            locale={{ emptyText: t("common.empty") }}
            pagination={pagination}
            renderItem={(row) => (
              <AntList.Item>
                <Card size="small" title={String(row.projectName ?? "")} extra={row.dbType ? <Tag>{String(row.dbType)}</Tag> : null}>
                  <Descriptions
                    size="small"
                    column={1}
                    items={columns
                      .filter((c) => board.fields.includes(String(c.key)))
                      .map((c) => {
                        const key = String(c.key);
                        const render = "render" in c ? c.render : undefined;
                        return { key, label: c.title as ReactNode, children: render ? (render(row[key], row, 0) as ReactNode) : String(row[key] ?? "") };
                      })}
                  />
                </Card>
              </AntList.Item>
            )}
          />
        ))
      }
    />
  );
}
