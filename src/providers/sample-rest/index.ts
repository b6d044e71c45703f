/**
 * The second, named refine data provider ("sample"): @refinedev/simple-rest for the sample
 * resources of the data-asset pages (spec §1). Its HTTP goes through the console's own request
 * layer (auth headers, 401 handling, token refresh), adapted to the axios shape simple-rest
 * calls; and the package itself is loaded on first use, so no page that does not list sample
 * data carries it (or axios).
 */
import type { AxiosInstance } from "axios";
import type { BaseRecord, DataProvider } from "@refinedev/core";
import type { Page, R } from "../../../domain/contract";
import { http } from "../http";
import { API } from "../../../domain/contract/api";

export const SAMPLE_PROVIDER = "sample";
/** simple-rest's resource base: `${SAMPLE_REST_BASE}/projects?_start=0&_end=10`. */
export const SAMPLE_REST_BASE = API.base("/blade-sample/rest");

const isPage = (d: unknown): d is Page<BaseRecord> => !!d && typeof d === "object" && Array.isArray((d as Page<BaseRecord>).records);

/** What simple-rest reads of an axios answer: `data`, and the total in `x-total-count`. */
async function axiosShaped(method: "get" | "post" | "put" | "patch" | "delete", url: string, body?: unknown, config?: { headers?: Record<string, string> }) {
  const r = await http.request<R<unknown>>({ url, method: method.toUpperCase() as "GET", data: body, headers: config?.headers });
  const payload = r && typeof r === "object" && "data" in r ? r.data : r;
  return isPage(payload)
    ? { data: payload.records, headers: { "x-total-count": String(payload.total) } }
    : { data: payload, headers: {} as Record<string, string> };
}

const client = {
  get: (url: string, config?: { headers?: Record<string, string> }) => axiosShaped("get", url, undefined, config),
  delete: (url: string, config?: { headers?: Record<string, string> }) => axiosShaped("delete", url, undefined, config),
  post: (url: string, body?: unknown, config?: { headers?: Record<string, string> }) => axiosShaped("post", url, body, config),
  put: (url: string, body?: unknown, config?: { headers?: Record<string, string> }) => axiosShaped("put", url, body, config),
  patch: (url: string, body?: unknown, config?: { headers?: Record<string, string> }) => axiosShaped("patch", url, body, config),
} as unknown as AxiosInstance;

let loaded: Promise<DataProvider> | undefined;
const provider = () => (loaded ??= import("@refinedev/simple-rest").then((m) => m.default(SAMPLE_REST_BASE, client) as DataProvider));

type Method = "getList" | "getOne" | "getMany" | "create" | "update" | "deleteOne" | "custom";
// refine's method types are generic in the record; every one here only passes its call on.
const forward = (name: Method) =>
  (async (params: unknown) => {
    const p = await provider();
    const fn = p[name] as ((x: unknown) => Promise<unknown>) | undefined;
    if (!fn) throw new Error(`the sample provider has no ${name}`);
    return fn(params);
  }) as never;

export const sampleDataProvider: DataProvider = {
  getApiUrl: () => SAMPLE_REST_BASE,
  getList: forward("getList"),
  getOne: forward("getOne"),
  getMany: forward("getMany"),
  create: forward("create"),
  update: forward("update"),
  deleteOne: forward("deleteOne"),
  custom: forward("custom"),
};
