import type { ScriptLanguage } from "../../../../domain/resources/dataFactory/ide/analysis/findings";

/** §9: at most this many suggestions at a time. */
export const MAX_SUGGESTIONS = 200;

export interface CatalogTable {
  name: string;
  kind: "table" | "view";
  comment: string;
  columns: { name: string; type: string; comment: string }[];
}

export interface Suggestion {
  label: string;
  kind: "keyword" | "table" | "column";
  detail: string;
}

const HQL_KEYWORDS = (
  "SELECT FROM WHERE GROUP BY ORDER HAVING LIMIT JOIN LEFT RIGHT INNER FULL OUTER CROSS ON AS AND OR NOT IN IS NULL LIKE RLIKE " +
  "BETWEEN CASE WHEN THEN ELSE END DISTINCT UNION ALL INSERT INTO OVERWRITE TABLE VALUES PARTITION CREATE EXTERNAL DATABASE " +
  "SCHEMA VIEW FUNCTION DROP ALTER TRUNCATE IF EXISTS SHOW DESCRIBE USE LOAD DATA INPATH STORED LOCATION ROW FORMAT DELIMITED " +
  "FIELDS TERMINATED COUNT SUM AVG MIN MAX CAST LATERAL EXPLODE OVER ASC DESC WITH SET"
).split(" ");
const PYTHON_KEYWORDS = "def class return if elif else for while in import from as with try except finally raise lambda None True False and or not pass break continue yield print spark sc".split(" ");
const SCALA_KEYWORDS = "val var def object class trait case match if else for while yield import package new return true false null extends with spark sc".split(" ");
const JAVA_KEYWORDS = "public private protected static final class interface void int long double boolean String new return if else for while import package try catch finally throw true false null spark sc".split(" ");

const KEYWORDS: Record<ScriptLanguage, string[]> = { hql: HQL_KEYWORDS, python: PYTHON_KEYWORDS, scala: SCALA_KEYWORDS, java: JAVA_KEYWORDS };

/**
 * The suggestions for the word being typed: the language's keywords, and in HQL the sample
 * catalogue's tables and their columns — prefix matches first, capped at MAX_SUGGESTIONS.
 */
export function suggestionsFor(language: ScriptLanguage, prefix: string, catalog: CatalogTable[]): Suggestion[] {
  const all: Suggestion[] = KEYWORDS[language].map((k) => ({ label: k, kind: "keyword", detail: "keyword" }));
  if (language === "hql") {
    for (const t of catalog) {
      all.push({ label: t.name, kind: "table", detail: `${t.kind === "view" ? "view" : "table"} · ${t.comment}` });
      for (const c of t.columns) all.push({ label: c.name, kind: "column", detail: `${t.name}.${c.name} ${c.type} · ${c.comment}` });
    }
  }
  const p = prefix.toLowerCase();
  const seen = new Set<string>();
  const unique = all.filter((s) => !seen.has(`${s.kind}:${s.label}`) && seen.add(`${s.kind}:${s.label}`));
  const starts = unique.filter((s) => s.label.toLowerCase().startsWith(p));
  const contains = p ? unique.filter((s) => !s.label.toLowerCase().startsWith(p) && s.label.toLowerCase().includes(p)) : [];
  return [...starts, ...contains].slice(0, MAX_SUGGESTIONS);
}

/**
 * The editor's completion list for the word being typed. A capped list is incomplete: the editor
 * asks again as the word grows (it would otherwise only filter these, and a match beyond the cap
 * would never show).
 */
export function completionFor(language: ScriptLanguage, prefix: string, catalog: CatalogTable[]): { items: Suggestion[]; incomplete: boolean } {
  const items = suggestionsFor(language, prefix, catalog);
  return { items, incomplete: items.length >= MAX_SUGGESTIONS };
}
