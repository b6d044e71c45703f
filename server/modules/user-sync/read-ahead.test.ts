import { describe, expect, it } from "vitest";
import { readAhead } from "./run";

/** A source of `n` pages that logs when each page is asked for and when the search is ended. */
function pagedSource(n: number, log: string[], failAt?: number) {
  return (async function* () {
    try {
      for (let i = 1; i <= n; i++) {
        log.push(`read ${i}`);
        if (i === failAt) throw new Error(`page ${i} unreadable`);
        yield [i];
      }
    } finally {
      log.push("search ended");
    }
  })();
}

describe("readAhead (a run reads the next page while it writes this one)", () => {
  it("asks for the next page before the current one is written, and yields every page in order", async () => {
    const log: string[] = [];
    const seen: number[] = [];
    for await (const [page] of readAhead(pagedSource(3, log))) {
      log.push(`write ${page}`);
      seen.push(page!);
    }
    expect(seen).toEqual([1, 2, 3]);
    // The end of the search is found while the last page is still to be written.
    expect(log).toEqual(["read 1", "read 2", "write 1", "read 3", "write 2", "search ended", "write 3"]);
  });

  it("ends the source's search when a batch fails, and a page that cannot be read fails the run where it is reached", async () => {
    const log: string[] = [];
    await expect(
      (async () => {
        for await (const [page] of readAhead(pagedSource(5, log))) if (page === 2) throw new Error("batch 2 failed");
      })(),
    ).rejects.toThrow("batch 2 failed");
    expect(log.at(-1)).toBe("search ended");
    expect(log).not.toContain("read 4");

    const failing: string[] = [];
    const written: number[] = [];
    await expect(
      (async () => {
        for await (const [page] of readAhead(pagedSource(5, failing, 3))) written.push(page!);
      })(),
    ).rejects.toThrow("page 3 unreadable");
    // Page 3's failure was read ahead while page 2 was written, and is thrown after it, not before.
    expect(written).toEqual([1, 2]);
  });
});
