import { describe, expect, it } from "vitest";
import { playwrightCounts, settle, vitestCounts } from "./reports";

describe("vitestCounts", () => {
  it("reads the Jest-compatible totals", () => {
    const json = JSON.stringify({
      numTotalTests: 12,
      numPassedTests: 9,
      numFailedTests: 2,
      numPendingTests: 1,
      numTodoTests: 0,
      success: false,
      testResults: [],
    });
    expect(vitestCounts(json)).toEqual({ passed: 9, failed: 2, skipped: 1 });
  });

  it("returns null for a missing, truncated or foreign report", () => {
    expect(vitestCounts("")).toBeNull();
    expect(vitestCounts('{"numTotalTests": 3,')).toBeNull();
    expect(vitestCounts(JSON.stringify({ stats: { expected: 1 } }))).toBeNull();
    expect(vitestCounts("[1,2]")).toBeNull();
  });
});

describe("playwrightCounts", () => {
  it("counts flaky tests as passed and top-level errors as failed", () => {
    const json = JSON.stringify({
      config: {},
      suites: [],
      errors: [{ message: "Error: Timed out waiting 120000ms from config.webServer." }],
      stats: { startTime: "2025-01-01T00:00:00.000Z", duration: 1000, expected: 4, skipped: 1, unexpected: 2, flaky: 1 },
    });
    expect(playwrightCounts(json)).toEqual({ passed: 5, failed: 3, skipped: 1, flaky: 1 });
  });

  it("returns null without stats", () => {
    expect(playwrightCounts("")).toBeNull();
    expect(playwrightCounts(JSON.stringify({ numTotalTests: 1 }))).toBeNull();
  });
});

describe("settle", () => {
  it("keeps the report's counts when the tool agrees", () => {
    expect(settle({ passed: 3, failed: 0, skipped: 0 }, 0)).toEqual({ passed: 3, failed: 0, skipped: 0 });
    expect(settle({ passed: 3, failed: 2, skipped: 0 }, 1)).toEqual({ passed: 3, failed: 2, skipped: 0 });
  });

  it("never reports a clean result for a tool that exited non-zero", () => {
    expect(settle({ passed: 3, failed: 0, skipped: 0 }, 1)).toEqual({ passed: 3, failed: 1, skipped: 0 });
    expect(settle(null, 1)).toEqual({ passed: 0, failed: 1, skipped: 0 });
  });
});
