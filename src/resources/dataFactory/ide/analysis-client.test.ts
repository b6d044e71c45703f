/** The worker client: every request answered, whatever was asked after it (a fake worker stands in). */
import { describe, expect, it, vi } from "vitest";
import type { AnalysisReply, AnalysisRequest } from "./analysis.worker";

vi.mock("./analysis.worker?worker", () => ({
  default: class {
    onmessage: ((e: MessageEvent<AnalysisReply>) => void) | null = null;
    // Answers after a moment, like a worker: the next request is sent before this one is answered.
    postMessage(m: AnalysisRequest) {
      const findings = m.script.includes("drop") ? [{ kind: "risk", message: "risk", startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: 2 }] : [];
      setTimeout(() => this.onmessage?.({ data: { seq: m.seq, findings } } as MessageEvent<AnalysisReply>), 5);
    }
    terminate() {}
  },
}));

describe("the worker analyser", () => {
  it("answers a save check even when a marker check was asked right after it", async () => {
    const { createWorkerAnalyser } = await import("./analysis-client");
    const analyser = createWorkerAnalyser();
    const saveCheck = analyser.analyse("hql", "drop table t", { syntax: false });
    const markerCheck = analyser.analyse("hql", "drop table t;\nselect 1", { syntax: true });
    expect(await saveCheck).toHaveLength(1);
    expect(await markerCheck).toHaveLength(1);
  });

  it("answers null to what is still waiting when it is disposed", async () => {
    const { createWorkerAnalyser } = await import("./analysis-client");
    const analyser = createWorkerAnalyser();
    const pending = analyser.analyse("hql", "select 1", { syntax: true });
    analyser.dispose();
    expect(await pending).toBeNull();
  });
});
