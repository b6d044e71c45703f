import { format } from "sql-formatter";

/**
 * Ctrl+Shift+L for HQL (§5, §9): sql-formatter's Hive dialect with two-space indentation, keeping
 * a parenthesised group on one line while it is at most 50 characters. Comments and strings are
 * kept as written. A script the formatter cannot parse is left exactly as it is: the syntax
 * markers already say what is wrong with it.
 */
export function formatSql(text: string): string {
  if (!text.trim()) return text;
  try {
    return format(text, { language: "hive", tabWidth: 2, keywordCase: "upper", functionCase: "upper", expressionWidth: 50, linesBetweenQueries: 1 });
  } catch {
    return text;
  }
}
