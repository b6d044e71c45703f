import { DownloadOutlined } from "@ant-design/icons";
import { CanAccess, type CrudFilter } from "@refinedev/core";
import { App, Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { filtersToQuery } from "../../../providers/data";
import { http, type BlobResult } from "../../../providers/http";
import { saveBlob } from "../../save-blob";
import "../i18n";

/** Where a read-only list's rows are exported to. */
export interface ListExport {
  /** GET with the list's own query (its fixed parameters and filters, no paging): every row the search matches. */
  filtered?: string;
  /** POST of the ticked rows' ids (form-encoded, in the body: a thousand ids outgrow a URL). */
  ticked?: string;
}

/** The list's query as its data provider sends it, paging left out. */
export interface ListQuery {
  filters: CrudFilter[];
  meta?: { params?: Record<string, unknown>; rawFilters?: boolean; bareFilters?: string[] };
}

/**
 * 导出 (what the search shows) and 导出选中（N） (the ticked rows), each an authenticated blob
 * download, behind the resource's export code.
 */
export function ExportButtons({ resource, to, query, selected }: { resource: string; to: ListExport; query: ListQuery; selected: string[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [exportingTicked, setExportingTicked] = useState(false);

  const exportFiltered = async (url: string) => {
    const hide = message.loading(t("kit.exporting"), 0);
    try {
      const { params, rawFilters, bareFilters } = query.meta ?? {};
      saveBlob(await http.get<BlobResult>(url, { params: { ...params, ...filtersToQuery(query.filters, rawFilters, bareFilters) }, responseType: "blob" }));
    } catch {
      // The http layer has shown the refusal.
    } finally {
      hide();
    }
  };

  const exportTicked = async (url: string) => {
    if (selected.length === 0) return;
    setExportingTicked(true);
    try {
      saveBlob(await http.post<BlobResult>(url, { ids: selected.join(",") }, { meta: { isSerialize: true }, responseType: "blob" }));
    } catch {
      // The http layer has shown the refusal.
    } finally {
      setExportingTicked(false);
    }
  };

  return (
    <CanAccess resource={resource} action="export">
      {to.filtered && (
        <Button icon={<DownloadOutlined />} onClick={() => void exportFiltered(to.filtered!)}>
          {t("buttons.export")}
        </Button>
      )}
      {to.ticked && (
        <Button icon={<DownloadOutlined />} disabled={selected.length === 0} loading={exportingTicked} onClick={() => void exportTicked(to.ticked!)}>
          {t("kit.exportSelected", { count: selected.length })}
        </Button>
      )}
    </CanAccess>
  );
}
