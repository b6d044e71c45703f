/**
 * The mixed workload's load generator (bench/mix.ts): `clients` loops, each drawing an operation
 * kind by weight and running it (one or more HTTP requests over keep-alive sockets, node:http for
 * the same reason as load.ts), timing each operation and counting every request.
 */
import { Agent, request } from "node:http";
import { percentile } from "../scripts/lib/stats";

export interface Call {
  method?: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  /** A JSON body. */
  json?: unknown;
}

export interface Answer {
  status: number;
  body: string;
}

/** One operation of a kind: its requests, in order; throws when an answer is not what the console expects. */
export type Operation = (send: (call: Call) => Promise<Answer>) => Promise<void>;

export interface KindLatency {
  ops: number;
  /** HTTP requests the operations made. */
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  firstError?: string;
}

export interface MixLoadResult {
  clients: number;
  seconds: number;
  ops: number;
  requests: number;
  errors: number;
  /** HTTP requests answered per second (an operation of two requests counts two). */
  perSecond: number;
  kinds: Record<string, KindLatency>;
  /** Every latency of the kinds named `reads`, together. */
  reads: { p50: number; p95: number; p99: number };
}

export interface MixLoadOptions {
  baseUrl: string;
  clients: number;
  seconds: number;
  weights: Record<string, number>;
  /** The operation of kind `kind` for client `client` (its n-th operation of the run overall). */
  operation(kind: string, client: number, n: number): Operation;
  reads: readonly string[];
}

function sender(agent: Agent, baseUrl: string, counted: () => void) {
  const send = (call: Call, retried = false): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const body = call.json === undefined ? undefined : JSON.stringify(call.json);
      const headers = body === undefined ? call.headers : { ...call.headers, "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)) };
      const r = request(new URL(call.path, baseUrl), { agent, method: call.method ?? "GET", headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          counted();
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") });
        });
        res.on("error", reject);
      });
      r.on("error", (error: NodeJS.ErrnoException) => {
        // A kept-alive socket the server closed for idling just as it was reused: the request never
        // reached the server, and a browser sends it again on a new connection (Node's http docs).
        if (r.reusedSocket && error.code === "ECONNRESET" && !retried) resolve(send(call, true));
        else reject(error);
      });
      r.end(body);
    });
  return (call: Call) => send(call);
}

/** Draws a kind by weight: a cumulative table and one random number. */
export function picker(weights: Record<string, number>): () => string {
  const entries = Object.entries(weights).filter(([, w]) => w > 0);
  const total = entries.reduce((s, [, w]) => s + w, 0);
  return () => {
    let x = Math.random() * total;
    for (const [kind, w] of entries) if ((x -= w) < 0) return kind;
    return entries.at(-1)![0];
  };
}

const round = (x: number) => Math.round(x * 10) / 10;

function latencies(sorted: number[]) {
  return { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)) };
}

export async function mixLoad(o: MixLoadOptions): Promise<MixLoadResult> {
  // Two sockets per client: the menu's routes and buttons go out together, as the console sends them.
  const agent = new Agent({ keepAlive: true, maxSockets: o.clients * 2 });
  let requests = 0;
  const send = sender(agent, o.baseUrl, () => requests++);
  const pick = picker(o.weights);
  const times = new Map<string, number[]>(Object.keys(o.weights).map((k) => [k, []]));
  const stats = new Map<string, { requests: number; errors: number; firstError?: string }>(Object.keys(o.weights).map((k) => [k, { requests: 0, errors: 0 }]));
  let errors = 0;
  let n = 0;
  const t0 = performance.now();
  const until = t0 + o.seconds * 1000;
  await Promise.all(
    Array.from({ length: o.clients }, async (_, client) => {
      while (performance.now() < until) {
        const kind = pick();
        const s = stats.get(kind)!;
        const started = performance.now();
        const counted = (call: Call) => (s.requests++, send(call));
        try {
          await o.operation(kind, client, n++)(counted);
          times.get(kind)!.push(performance.now() - started);
        } catch (error) {
          errors++;
          s.errors++;
          s.firstError ??= (error as Error).message;
          if (errors > 1000) return;
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  agent.destroy();
  const kinds: Record<string, KindLatency> = {};
  for (const [kind, list] of times) {
    const sorted = list.sort((a, b) => a - b);
    const s = stats.get(kind)!;
    kinds[kind] = { ops: list.length, requests: s.requests, errors: s.errors, ...latencies(sorted), max: round(sorted.at(-1) ?? NaN), ...(s.firstError ? { firstError: s.firstError } : {}) };
  }
  const reads = o.reads.flatMap((k) => times.get(k) ?? []).sort((a, b) => a - b);
  const ops = [...times.values()].reduce((sum, l) => sum + l.length, 0);
  return { clients: o.clients, seconds: round(seconds), ops, requests, errors, perSecond: Math.round(requests / seconds), kinds, reads: latencies(reads) };
}
