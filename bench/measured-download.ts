import { existsSync, readFileSync } from "node:fs";
import { basicAuthHeader, withQuery } from "../scripts/lib/blade-api";

const mb = (bytes: number) => Math.round(bytes / 1e6);

/** A server's resident memory now, from /proc (Linux; the bench machine). */
export function rssBytes(pid: number): number {
  const status = `/proc/${pid}/status`;
  if (!existsSync(status)) throw new Error("the export benches read /proc/<pid>/status (Linux only)");
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(status, "utf8"))?.[1]) * 1024;
}

/** One export download as the export benches report it (memory in MB of 10^6 bytes). */
export interface DownloadRun {
  filter: string;
  rows: number;
  seconds: number;
  bytes: number;
  rowsPerSecond: number;
  /** The server before the download started, and its highest sample during it. */
  rssBeforeMB: number;
  rssPeakMB: number;
  peakAboveIdleMB: number;
}

/**
 * Downloads `path` of the server (signed in with `token`, filtered by `filter`) to its end while
 * sampling the server's memory every 50 ms; `rows` is told, or counted as the file's lines less
 * the header when not.
 */
export async function measuredDownload(
  server: { baseUrl: string; pid: number },
  token: string,
  path: string,
  filter: Record<string, string>,
  rows?: number,
): Promise<DownloadRun> {
  await new Promise((r) => setTimeout(r, 1_000)); // let the server settle (garbage of the previous run)
  const before = rssBytes(server.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(server.pid))), 50);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  try {
    const res = await fetch(withQuery(`${server.baseUrl}${path}`, filter), {
      headers: { Authorization: basicAuthHeader(), "Blade-Auth": `bearer ${token}` },
    });
    if (res.status !== 200 || !res.body) throw new Error(`${path} answered HTTP ${res.status}: ${(await res.text()).slice(0, 200)}`);
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (rows === undefined) for (const b of value) if (b === 10) lines += 1;
    }
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rssBytes(server.pid));
  const seconds = (performance.now() - started) / 1000;
  const counted = rows ?? lines - 1;
  return {
    filter: new URLSearchParams(filter).toString() || "(none)",
    rows: counted,
    seconds: Math.round(seconds * 100) / 100,
    bytes,
    rowsPerSecond: Math.round(counted / seconds),
    rssBeforeMB: mb(before),
    rssPeakMB: mb(peak),
    peakAboveIdleMB: mb(peak - before),
  };
}
