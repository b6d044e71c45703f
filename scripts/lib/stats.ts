/** Latency figures for the bench: nearest-rank percentiles over a finite sample. */
export interface Latency {
  n: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function summarize(samplesMs: number[]): Latency {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    max: round(sorted.length ? sorted[sorted.length - 1] : NaN),
    mean: round(sorted.reduce((a, b) => a + b, 0) / (sorted.length || NaN)),
  };
}
