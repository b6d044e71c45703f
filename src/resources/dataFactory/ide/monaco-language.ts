import type { ScriptLanguage } from "../../../../domain/resources/dataFactory/ide/analysis/findings";

/** Monaco's language id for each script language (HQL is highlighted as SQL). */
export const MONACO_LANGUAGE: Record<ScriptLanguage, string> = { hql: "sql", python: "python", scala: "scala", java: "java" };
