import { describe, expect, it } from "vitest";
import { percentile, summarize } from "./stats";

describe("percentile", () => {
  it("uses the nearest rank", () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe("summarize", () => {
  it("sorts its input and reports p50, p95, max and mean", () => {
    expect(summarize([3, 1, 2, 10])).toEqual({ n: 4, p50: 2, p95: 10, max: 10, mean: 4 });
  });
});
