/**
 * A light load generator: node:http over keep-alive sockets (fetch costs several times more CPU
 * per request, and the generator shares the machine with the server it measures).
 */
import { Agent, request } from "node:http";
import { percentile } from "../scripts/lib/stats";

export interface LoadResult {
  clients: number;
  seconds: number;
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** The first failure, for the report. */
  firstError?: string;
}

export interface LoadOptions {
  /** Several: the requests go to each in turn (instances behind a round-robin balancer). */
  baseUrl: string | string[];
  clients: number;
  seconds: number;
  /** The i-th request: path and headers; `ok` judges the answer. */
  next(i: number): { method?: string; path: string; headers: Record<string, string> };
  ok(status: number, body: string): boolean;
}

function send(agent: Agent, baseUrl: string, req: ReturnType<LoadOptions["next"]>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(req.path, baseUrl);
    const r = request(url, { agent, method: req.method ?? "GET", headers: req.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    r.on("error", reject);
    r.end();
  });
}

export async function load(o: LoadOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: o.clients });
  const bases = Array.isArray(o.baseUrl) ? o.baseUrl : [o.baseUrl];
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  let i = 0;
  const t0 = performance.now();
  const until = t0 + o.seconds * 1000;
  await Promise.all(
    Array.from({ length: o.clients }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        try {
          const n = i++;
          const res = await send(agent, bases[n % bases.length], o.next(n));
          if (!o.ok(res.status, res.body)) throw new Error(`HTTP ${res.status} ${res.body.slice(0, 200)}`);
          latencies.push(performance.now() - started);
        } catch (error) {
          errors++;
          firstError ??= (error as Error).message;
          if (errors > 1000) return;
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    clients: o.clients,
    seconds: round(seconds),
    requests: latencies.length,
    errors,
    perSecond: Math.round(latencies.length / seconds),
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? NaN),
    ...(firstError ? { firstError } : {}),
  };
}
