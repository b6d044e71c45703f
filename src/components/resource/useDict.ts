import { useCustom } from "@refinedev/core";
import { useLanguage } from "../../providers/i18n";
import { dictLabel } from "./dict-i18n";
import { API } from "../../../domain/contract/api";

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
    url: biz ? API.get("/blade-system/dict-biz/dictionary") : API.get("/blade-system/dict/dictionary"),
    method: "get",
    config: { query: { code } },
    queryOptions: { enabled: !!code, staleTime: 10 * 60_000, gcTime: 30 * 60_000 },
  });
  const lng = useLanguage();
  const entries = Array.isArray(result?.data) ? result.data : [];
  // System dictionaries are worded in zh by the server: the platform's entries follow the language.
  const label = (e: DictEntry) => (biz || !code ? e.dictValue : dictLabel(code, e.dictKey, e.dictValue, lng));
  const options: DictOption[] = entries.map((e) => ({ label: label(e), value: numeric ? Number(e.dictKey) : e.dictKey }));
  const labelOf = (value: unknown) => {
    const entry = entries.find((e) => e.dictKey === String(value));
    return entry && label(entry);
  };
  return { options, labelOf, loading: query.isLoading };
}
