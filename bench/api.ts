/**
 * API bench: a fresh server with N users, then the latency of the user list (first and last
 * page) and its throughput with 8 concurrent clients. All traffic goes to 127.0.0.1.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page, UserSubmit, UserVO } from "../src/contract";
import { basicAuthHeader, createBladeApi, ok, type BladeApi } from "../scripts/lib/blade-api";
import { summarize, type Latency } from "../scripts/lib/stats";
import { BENCH_USER_PASSWORD, benchUserFields } from "./users";
import { startServer } from "./server";

export type SeedMethod = "api" | "direct";

export interface ApiOptions {
  users: number;
  seed: SeedMethod;
}

export interface ApiResult {
  users: number;
  seeding: { method: SeedMethod; created: number; seconds: number; perSecond: number };
  latency: Record<string, Latency & { path: string }>;
  throughput: { path: string; clients: number; seconds: number; requests: number; errors: number; perSecond: number };
}

const CONCURRENCY = 8;
const WARMUP = 20;
const SAMPLES = 200;
const THROUGHPUT_SECONDS = 5;
const PAGE_SIZE = 10;

/** Runs `count` jobs with at most `limit` in flight; stops at the first failure. */
async function pool(count: number, limit: number, job: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: unknown = null;
  const worker = async () => {
    while (failure === null && next < count) {
      const i = next++;
      try {
        await job(i);
      } catch (err) {
        failure ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  if (failure !== null) throw failure;
}

function benchUser(i: number, roleId: string, deptId: string): UserSubmit {
  return { tenantId: "000000", ...benchUserFields(i), password: BENCH_USER_PASSWORD, password2: BENCH_USER_PASSWORD, roleId, deptId };
}

async function seedThroughApi(api: BladeApi, token: string, roleId: string, deptId: string, users: number) {
  const started = Date.now();
  let created = 0;
  await pool(users, CONCURRENCY, async (i) => {
    ok(await api.post(token, "/blade-user/submit", benchUser(i, roleId, deptId)), `create user ${i + 1}`);
    created++;
    if (created % 1000 === 0) {
      const rate = created / ((Date.now() - started) / 1000);
      console.log(`  ${created}/${users} users (${rate.toFixed(0)}/s, ~${Math.ceil((users - created) / rate)} s left)`);
    }
  });
  return created;
}

async function timed(fn: () => Promise<void>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

export async function benchApi(opts: ApiOptions): Promise<ApiResult> {
  const dataDir = mkdtempSync(join(tmpdir(), "blade-bench-"));
  const password = `Bn!${randomBytes(5).toString("hex")}#1A`;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    let created = 0;
    let seedSeconds = 0;
    if (opts.seed === "direct") {
      if (!existsSync("server/db/connection.ts")) throw new Error("--seed=direct needs the server's DB layer (server/db)");
      const { seedUsers } = await import("./seed-users");
      const t = Date.now();
      console.log(`Seeding ${opts.users} users directly into ${dataDir} …`);
      created = await seedUsers({ dataDir, users: opts.users, adminPassword: password });
      seedSeconds = (Date.now() - t) / 1000;
      console.log(`Seeded ${created} users in ${seedSeconds.toFixed(1)} s`);
    }

    console.log("Starting the server …");
    server = await startServer({ BLADE_DATA_DIR: dataDir, BLADE_ADMIN_PASSWORD: password, DATABASE_URL: undefined });
    const api = createBladeApi(server.baseUrl);
    const session = await api.login("admin", password);
    const token = session.access_token;

    if (opts.seed === "api") {
      console.log(`Seeding ${opts.users} users through POST /api/blade-user/submit (${CONCURRENCY} at a time) …`);
      const t = Date.now();
      created = await seedThroughApi(api, token, session.role_id, session.dept_id, opts.users);
      seedSeconds = (Date.now() - t) / 1000;
      console.log(`Seeded ${created} users in ${seedSeconds.toFixed(1)} s`);
    }
    const first = ok(await api.get<Page<UserVO>>(token, "/blade-user/page", { current: 1, size: PAGE_SIZE }), "user page");
    if (first.total < opts.users) throw new Error(`expected at least ${opts.users} users, the server lists ${first.total}`);

    const headers = { Authorization: basicAuthHeader(), "Blade-Auth": `bearer ${token}` };
    const getOk = async (path: string) => {
      const res = await fetch(`${server!.baseUrl}${path}`, { headers });
      const body = (await res.json()) as { code?: number; data?: Page<UserVO> };
      if (!res.ok || body.code !== 200 || !body.data?.records?.length) throw new Error(`GET ${path}: HTTP ${res.status} code ${body.code}`);
    };

    const latency: ApiResult["latency"] = {};
    // The last page of 10,000 users (page 1000), or of fewer when --users says so.
    const lastPage = Math.max(1, Math.min(1000, Math.floor(opts.users / PAGE_SIZE)));
    for (const [name, current] of [["page 1", 1], [`page ${lastPage}`, lastPage]] as const) {
      const path = `/api/blade-user/page?current=${current}&size=${PAGE_SIZE}`;
      console.log(`Measuring GET ${path} (${WARMUP} warm-up, ${SAMPLES} timed) …`);
      for (let i = 0; i < WARMUP; i++) await getOk(path);
      const samples: number[] = [];
      for (let i = 0; i < SAMPLES; i++) samples.push(await timed(() => getOk(path)));
      latency[name] = { path, ...summarize(samples) };
    }

    const path = `/api/blade-user/page?current=1&size=${PAGE_SIZE}`;
    console.log(`Measuring throughput of GET ${path}: ${CONCURRENCY} clients for ${THROUGHPUT_SECONDS} s …`);
    let requests = 0;
    let errors = 0;
    const until = performance.now() + THROUGHPUT_SECONDS * 1000;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < until) {
          try {
            await getOk(path);
            requests++;
          } catch {
            errors++;
            if (errors > 100) return; // a broken server: stop early
          }
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;

    return {
      users: first.total,
      seeding: { method: opts.seed, created, seconds: seedSeconds, perSecond: seedSeconds ? Math.round(created / seedSeconds) : 0 },
      latency,
      throughput: { path, clients: CONCURRENCY, seconds: Math.round(seconds * 100) / 100, requests, errors, perSecond: Math.round(requests / seconds) },
    };
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printApi(r: ApiResult): void {
  console.log(`\nAPI (${r.users} users; seeded ${r.seeding.created} via ${r.seeding.method} in ${r.seeding.seconds.toFixed(1)} s, ${r.seeding.perSecond}/s)`);
  console.log(`  ${"request".padEnd(46)} ${"p50".padStart(8)} ${"p95".padStart(8)} ${"max".padStart(8)}`);
  for (const l of Object.values(r.latency)) {
    console.log(`  GET ${l.path.padEnd(42)} ${`${l.p50}`.padStart(6)}ms ${`${l.p95}`.padStart(6)}ms ${`${l.max}`.padStart(6)}ms`);
  }
  const t = r.throughput;
  console.log(`  throughput: ${t.perSecond} requests/s (${t.clients} clients, ${t.seconds} s, ${t.requests} requests, ${t.errors} errors)`);
}
