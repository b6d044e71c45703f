import { useQuery } from "@tanstack/react-query";
import { AutoComplete } from "antd";
import { useTranslation } from "react-i18next";
import type { ResourceFormProps } from "../../../components/resource/ResourceForm";
import type { R } from "../../../../domain/contract";
import { http } from "../../../providers/http";
import { RuledForm } from "./RuledForm";
import { SCOPE_CUSTOM, SCOPE_DEPT, SCOPE_DEPT_AND_BELOW, SCOPE_OWN, validateApiScope, validateDataScope } from "../../../../domain/resources/system/menu/scope-rules";
import { API } from "../../../../domain/contract/api";

/**
 * The columns a data scope of the menu may name (the reference server's allow-list for that menu's
 * table). A BladeX gateway has no such call: then nothing is suggested or checked here, silently,
 * and the server has the last word.
 */
function useScopeColumns(menuId: unknown) {
  const enabled = typeof menuId === "string" && menuId !== "";
  const { data, isLoading } = useQuery({
    queryKey: ["data-scope-columns", menuId],
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: async () => {
      const body = await http.get<R<string[]>>(API.get("/blade-system/data-scope/columns"), { params: { menuId }, silent: true });
      return Array.isArray(body?.data) ? body.data : null;
    },
  });
  return { columns: data ?? undefined, loading: enabled && isLoading };
}

/**
 * A data scope of one menu: the column of types 2–4 is suggested from the menu's allowed columns,
 * and it and a custom rule (type 5) are checked against them as the server checks them.
 */
export function DataScopeForm(props: ResourceFormProps) {
  const { t } = useTranslation();
  const { columns } = useScopeColumns(props.extra?.menuId);
  const type = (values: Record<string, unknown>) => Number(values.scopeType);
  // Suggestions, not a closed list: typed names are checked by the rules (and the server).
  const columnSelect = (
    <AutoComplete allowClear options={(columns ?? []).map((c) => ({ value: c }))} placeholder="create_user / create_dept" filterOption />
  );
  return (
    <RuledForm
      {...props}
      validate={(values, lang) => validateDataScope(values, columns, lang)}
      shown={(name, values) => {
        if (name === "scopeColumn") return [SCOPE_OWN, SCOPE_DEPT, SCOPE_DEPT_AND_BELOW].includes(type(values));
        if (name === "scopeValue") return type(values) === SCOPE_CUSTOM;
        return true;
      }}
      requiredFor={(name, values) => (name === "scopeValue" ? type(values) === SCOPE_CUSTOM : undefined)}
      help={{ scopeValue: t("menu.ruleHint"), ...(columns && columns.length === 0 ? { scopeType: t("menu.noColumns") } : {}) }}
      controls={{ scopeColumn: columnSelect, ...props.controls }}
    />
  );
}

/** An API scope of one menu: its path pattern checked as the server checks it. */
export function ApiScopeForm(props: ResourceFormProps) {
  return <RuledForm {...props} validate={(values, lang) => validateApiScope(values, lang)} />;
}
