import type { AnalyseOptions } from "../../../../domain/resources/dataFactory/ide/analysis/analyse";
import type { Finding, ScriptLanguage } from "../../../../domain/resources/dataFactory/ide/analysis/findings";
import type { AnalysisReply, AnalysisRequest } from "./analysis.worker";
import AnalysisWorker from "./analysis.worker?worker";

/**
 * Analyses scripts in a web worker. Every request gets its own answer (null only once disposed):
 * whether an answer is still current is the caller's to judge — the markers are dropped when the
 * text changed since, while a save or run check describes exactly the text it is about, and must
 * not be lost to a marker check sent a moment later (or earlier).
 */
export interface ScriptAnalyser {
  analyse(language: ScriptLanguage, script: string, options: AnalyseOptions): Promise<Finding[] | null>;
  dispose(): void;
}

export function createWorkerAnalyser(): ScriptAnalyser {
  const worker = new AnalysisWorker();
  let seq = 0;
  const waiting = new Map<number, (f: Finding[] | null) => void>();
  worker.onmessage = (e: MessageEvent<AnalysisReply>) => {
    const done = waiting.get(e.data.seq);
    waiting.delete(e.data.seq);
    done?.(e.data.findings);
  };
  return {
    analyse(language, script, options) {
      const id = ++seq;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        worker.postMessage({ seq: id, language, script, options } satisfies AnalysisRequest);
      });
    },
    dispose() {
      worker.terminate();
      waiting.forEach((resolve) => resolve(null));
      waiting.clear();
    },
  };
}

/** The same analysis on the calling thread (tests, and browsers without module workers). */
export function createInlineAnalyser(): ScriptAnalyser {
  return {
    async analyse(language, script, options) {
      const { analyseScript } = await import("../../../../domain/resources/dataFactory/ide/analysis/analyse");
      return analyseScript(language, script, options);
    },
    dispose() {},
  };
}
