/// <reference lib="webworker" />
import { analyseScript, type AnalyseOptions } from "../../../../domain/resources/dataFactory/ide/analysis/analyse";
import type { Finding, ScriptLanguage } from "../../../../domain/resources/dataFactory/ide/analysis/findings";

/*
 * The Hive grammar takes a while on a long script: parsing runs here, off the UI thread, so that
 * typing never waits for it.
 */
export interface AnalysisRequest {
  seq: number;
  language: ScriptLanguage;
  script: string;
  options: AnalyseOptions;
}
export interface AnalysisReply {
  seq: number;
  findings: Finding[];
}

self.onmessage = (e: MessageEvent<AnalysisRequest>) => {
  const { seq, language, script, options } = e.data;
  let findings: Finding[] = [];
  try {
    findings = analyseScript(language, script, options);
  } catch {
    // An analysis failure must never break editing; the script is then simply unmarked.
  }
  (self as unknown as Worker).postMessage({ seq, findings } satisfies AnalysisReply);
};
