import { useCustom } from "@refinedev/core";

export interface DictEntry {
  dictKey: string;
  dictValue: string;
}

export interface DictOption {
  label: string;
  value: string | number;
}

/**
 * The entries of a dictionary (`/blade-system/dict/dictionary?code=`, or dict-biz for business
 * dictionaries) as select options, shared by every component asking for the same code and kept
 * for ten minutes. `numeric` turns keys into numbers for int columns.
 */
export function useDict(code: string | undefined, { biz = false, numeric = false }: { biz?: boolean; numeric?: boolean } = {}) {
  const { query, result } = useCustom<DictEntry[]>({
    url: `/blade-system/${biz ? "dict-biz" : "dict"}/dictionary`,
    method: "get",
    config: { query: { code } },
    queryOptions: { enabled: !!code, staleTime: 10 * 60_000, gcTime: 30 * 60_000 },
  });
  const entries = Array.isArray(result?.data) ? result.data : [];
  const options: DictOption[] = entries.map((e) => ({ label: e.dictValue, value: numeric ? Number(e.dictKey) : e.dictKey }));
  const labelOf = (value: unknown) => entries.find((e) => e.dictKey === String(value))?.dictValue;
  return { options, labelOf, loading: query.isLoading };
}
