/**
 * Counts of passed and failed tests read from the JSON reports of vitest and Playwright.
 * A report that cannot be read yields null; the caller then counts the suite as one failure.
 */
export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  /** Passed only on a retry (Playwright): counted as passed, and named in the summary. */
  flaky?: number;
}

const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);

function parse(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** vitest's `--reporter=json` (Jest-compatible): numPassedTests, numFailedTests, … */
export function vitestCounts(text: string): Counts | null {
  const r = parse(text);
  if (!r || typeof r.numTotalTests !== "number") return null;
  return {
    passed: num(r.numPassedTests),
    failed: num(r.numFailedTests),
    skipped: num(r.numPendingTests) + num(r.numTodoTests),
  };
}

/**
 * Playwright's JSON reporter: stats.expected (passed), stats.flaky (passed on retry),
 * stats.unexpected (failed), stats.skipped. Errors outside any test (the web server did not
 * start, a file did not load) are in `errors` and count as failures.
 */
export function playwrightCounts(text: string): Counts | null {
  const r = parse(text);
  const stats = r?.stats as Record<string, unknown> | undefined;
  if (!r || !stats || typeof stats !== "object") return null;
  const errors = Array.isArray(r.errors) ? r.errors.length : 0;
  return {
    passed: num(stats.expected) + num(stats.flaky),
    failed: num(stats.unexpected) + errors,
    skipped: num(stats.skipped),
    flaky: num(stats.flaky),
  };
}

/**
 * What a suite contributes to the closing line: the report's counts, but never a clean result
 * from a tool that exited non-zero (an unhandled error, a crash, no report at all).
 */
export function settle(counts: Counts | null, exitCode: number): Counts {
  const c = counts ?? { passed: 0, failed: 0, skipped: 0 };
  if (exitCode !== 0 && c.failed === 0) return { ...c, failed: 1 };
  return c;
}
