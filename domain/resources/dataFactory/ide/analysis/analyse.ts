import { jvmRisks, pythonRisks, sortFindings } from "./code-risk";
import type { Finding, ScriptLanguage } from "./findings";
import { hqlRisks, hqlSyntaxErrors } from "./hql";

export interface AnalyseOptions {
  /** The HQL syntax check can be switched off by the user (§4 isParserClose). */
  syntax: boolean;
}

/** Every finding of a script: high-risk statements and, for HQL with the check on, syntax errors. */
export function analyseScript(language: ScriptLanguage, script: string, options: AnalyseOptions = { syntax: true }): Finding[] {
  switch (language) {
    case "hql":
      return sortFindings([...hqlRisks(script), ...(options.syntax ? hqlSyntaxErrors(script) : [])]);
    case "python":
      return pythonRisks(script);
    case "scala":
    case "java":
      return jvmRisks(script);
  }
}

/** Whether a script holds a high-risk statement (what run and save warn about). */
export const hasHighRisk = (language: ScriptLanguage, script: string) =>
  analyseScript(language, script, { syntax: false }).some((f) => f.kind === "risk");
