/** The Blade data provider: getList → page|list, getOne → detail, create/update → submit, delete → remove?ids=. */
import type { BaseKey, BaseRecord, DataProvider, MetaQuery } from "@refinedev/core";
import { website } from "../../config/website";
import type { Page, R } from "../../../domain/contract";
import { http as defaultClient, type HttpConfig } from "../http";
import { filtersToQuery, sortersToQuery } from "./filters";

/** What a resource descriptor puts in `meta` for this provider. */
export interface BladeResourceMeta {
  /** Module path, e.g. "/blade-user" (default "/<resource name>"). */
  api?: string;
  /** Default "page": `${api}/page` answering a Page; "list": `${api}/list` answering an array. */
  listMode?: "page" | "list";
  endpoints?: { list?: string; detail?: string; create?: string; update?: string; remove?: string };
  /** Filters whose field is already a Blade key (e.g. `createTime_dategt`) pass through as is. */
  rawFilters?: boolean;
  /**
   * Fields whose equality filter the server binds as a plain parameter, not `_equal` (BladeX's
   * /blade-user/page takes `deptId` and matches that department and everything below it).
   */
  bareFilters?: string[];
  /** Fixed extra query parameters of the list call (e.g. `{ parentId: "0" }`). */
  params?: Record<string, unknown>;
  /** Extra headers of every call of the resource. */
  headers?: Record<string, string>;
}

export type DataClient = { request<T = unknown>(config: HttpConfig): Promise<T> };

const trimSlashes = (s: string) => s.replace(/^\/+|\/+$/g, "");

/** The URLs a resource's calls go to (its `meta.api` joined with each endpoint), and its fixed query. */
export function resourceEndpoints(resource: string, meta: MetaQuery | undefined) {
  const m = (meta ?? {}) as BladeResourceMeta;
  const api = `/${trimSlashes(m.api ?? resource)}`;
  const listMode = m.listMode ?? "page";
  const ep = m.endpoints ?? {};
  const path = (name: string | undefined, fallback: string) => `${api}/${trimSlashes(name ?? fallback)}`;
  return {
    list: path(ep.list, listMode),
    detail: path(ep.detail, "detail"),
    create: path(ep.create, "submit"),
    update: path(ep.update, "submit"),
    remove: path(ep.remove, "remove"),
    raw: m.rawFilters === true,
    bare: m.bareFilters ?? [],
    params: m.params ?? {},
    headers: m.headers,
  };
}

const dataOf = <T>(body: unknown): T =>
  (body && typeof body === "object" && "code" in body && "data" in body ? (body as R<T>).data : body) as T;

/** The record a write answers, else what was sent (BladeX answers `R.status(true)` with no record). */
const writtenRecord = (body: unknown, sent: Record<string, unknown>) => {
  const d = dataOf<unknown>(body);
  return (d && typeof d === "object" && !Array.isArray(d) && Object.keys(d).length > 0 ? d : sent) as BaseRecord;
};

export function createDataProvider(client: DataClient = defaultClient): DataProvider {
  return {
    getApiUrl: () => website.apiBase,

    getList: async ({ resource, pagination, filters, sorters, meta }) => {
      const r = resourceEndpoints(resource, meta);
      const paged = pagination?.mode !== "off" && pagination?.mode !== "client";
      const params: Record<string, unknown> = {
        ...(paged ? { current: pagination?.currentPage ?? 1, size: pagination?.pageSize ?? website.defaultPageSize } : {}),
        ...r.params,
        ...filtersToQuery(filters, r.raw, r.bare),
        ...sortersToQuery(sorters),
      };
      const body = await client.request<R<Page<BaseRecord> | BaseRecord[]>>({ url: r.list, method: "GET", params, headers: r.headers });
      const data = dataOf<Page<BaseRecord> | BaseRecord[] | null>(body);
      if (Array.isArray(data)) return { data: data as never[], total: data.length };
      const records = Array.isArray(data?.records) ? data.records : [];
      return { data: records as never[], total: Number(data?.total ?? records.length) };
    },

    getOne: async ({ resource, id, meta }) => {
      const r = resourceEndpoints(resource, meta);
      const body = await client.request({ url: r.detail, method: "GET", params: { id }, headers: r.headers });
      return { data: dataOf(body) as never };
    },

    create: async ({ resource, variables, meta }) => {
      const r = resourceEndpoints(resource, meta);
      const sent = (variables ?? {}) as Record<string, unknown>;
      const body = await client.request({ url: r.create, method: "POST", data: sent, headers: r.headers });
      return { data: writtenRecord(body, sent) as never };
    },

    update: async ({ resource, id, variables, meta }) => {
      const r = resourceEndpoints(resource, meta);
      const sent = { ...(variables as Record<string, unknown>), id };
      const body = await client.request({ url: r.update, method: "POST", data: sent, headers: r.headers });
      return { data: writtenRecord(body, sent) as never };
    },

    deleteOne: async ({ resource, id, meta }) => {
      const r = resourceEndpoints(resource, meta);
      await client.request({ url: r.remove, method: "POST", params: { ids: String(id) }, headers: r.headers });
      return { data: { id } as never };
    },

    deleteMany: async ({ resource, ids, meta }) => {
      const r = resourceEndpoints(resource, meta);
      await client.request({ url: r.remove, method: "POST", params: { ids: ids.map(String).join(",") }, headers: r.headers });
      return { data: ids.map((id: BaseKey) => ({ id })) as never[] };
    },

    custom: async ({ url, method, filters, sorters, payload, query, headers }) => {
      const params = { ...filtersToQuery(filters), ...sortersToQuery(sorters), ...((query ?? {}) as Record<string, unknown>) };
      const body = await client.request({
        url,
        method: method.toUpperCase() as HttpConfig["method"],
        params,
        data: payload,
        headers: headers as Record<string, string> | undefined,
      });
      return { data: dataOf(body) as never };
    },
  };
}

export const dataProvider = createDataProvider();
