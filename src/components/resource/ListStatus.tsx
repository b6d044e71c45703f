import { Button, Space } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { SecondaryText } from "../SecondaryText";

/** The batch toolbar's count of chosen rows and the way to drop them all (shown while any is chosen). */
export function SelectionCount({ count, onClear }: { count: number; onClear: () => void }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Space size={4}>
      <SecondaryText>{t("kit.selected", { count })}</SecondaryText>
      <Button type="link" size="small" onClick={onClear}>
        {t("kit.clearSelection")}
      </Button>
    </Space>
  );
}

/** One search term as the operator typed or chose it. */
export interface SearchTerm {
  label: string;
  value: ReactNode;
}

/**
 * The table's empty text while a search is on: what was searched (没有符合「账号：x」的数据) and a
 * button that clears the search, instead of a bare 暂无数据 that reads as "there is nothing".
 */
export function NoMatch({ terms, onClear }: { terms: SearchTerm[]; onClear: () => void }) {
  const { t } = useTranslation();
  const query = (
    <strong>
      {terms.map((term, i) => (
        <span key={term.label}>
          {i > 0 && t("kit.listSeparator")}
          {term.label}
          {t("kit.labelSuffix")}
          {term.value}
        </span>
      ))}
    </strong>
  );
  // The sentence is translated whole and the terms go where it says <query/>: react-i18next's
  // Trans would do the same with an HTML parser that every list page would load first (7 kB).
  const [before, after = ""] = t("kit.noMatch").split("<query/>");
  return (
    <Space direction="vertical" size={8} style={{ padding: "16px 0" }} data-testid="no-match">
      <span>
        {before}
        {query}
        {after}
      </span>
      <Button onClick={onClear}>{t("kit.clearFilters")}</Button>
    </Space>
  );
}
