/**
 * API bench: a fresh server with N users, then the latency of the user list (first and last
 * page) and its throughput with 8 concurrent clients. All traffic goes to 127.0.0.1.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page, UserSubmit, UserVO } from "../domain/contract";
import { basicAuthHeader, createBladeApi, ok, type BladeApi } from "../scripts/lib/blade-api";
import { cpus } from "node:os";
import { summarize, type Latency } from "../scripts/lib/stats";
import { md5Hex } from "../server/security/password";
import { load, type LoadResult } from "./load";
import { startTempPostgres } from "./postgres";
import { BENCH_USER_PASSWORD, benchUserFields } from "./users";
import { startServer } from "./server";

export type SeedMethod = "api" | "direct";

export interface ApiOptions {
  users: number;
  seed: SeedMethod;
}

export interface EngineResult {
  engine: "pglite" | "postgres";
  users: number;
  seeding: { method: SeedMethod; created: number; seconds: number; perSecond: number };
  latency: Record<string, Latency & { path: string }>;
  /**
   * Issue 9's last/first ≤ 1.5, without the read memory: the first and the last SAMPLES pages, each
   * read once (a page never repeats, so no answer comes from memory), p95 of each end and their ratio.
   */
  ends: { first: Latency & { path: string }; last: Latency & { path: string }; ratio: number };
  /** 50 clients on one page (what a crowd opening the console sees). */
  throughput: LoadResult & { path: string };
  /** 50 clients, every request another page (rows never reused). */
  throughputPages: LoadResult & { path: string };
  /** Password sign-ins, distinct accounts, two per core in flight. */
  signIn: LoadResult & { perCore: number };
}

export interface ApiResult {
  engines: EngineResult[];
  /** Why an engine was not measured. */
  skipped: string[];
}

/** The issue's targets, checked and printed beside the figures. */
export const TARGETS = {
  pglite: { perSecond: 400, p99: 250 },
  postgres: { perSecond: 1000, p99: 250 },
  signInPerCore: 40,
  /** p95 of the last pages over p95 of the first pages, each page read once. */
  lastOverFirst: 1.5,
};

const LOAD_CLIENTS = 50;
const LOAD_SECONDS = 10;
const SIGN_IN_SECONDS = 10;

const CONCURRENCY = 8;
const WARMUP = 20;
const SAMPLES = 200;
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
  const result: ApiResult = { engines: [await benchEngine(opts, "pglite")], skipped: [] };
  const pg = opts.seed === "direct" ? await startTempPostgres().catch((e: Error) => (result.skipped.push(`postgres: ${e.message.split("\n")[0]}`), null)) : null;
  if (!pg && result.skipped.length === 0) result.skipped.push("postgres: no PostgreSQL binaries under /usr/lib/postgresql (or --seed=api)");
  if (pg) {
    try {
      result.engines.push(await benchEngine(opts, "postgres", pg.url));
    } finally {
      pg.stop();
    }
  }
  return result;
}

async function benchEngine(opts: ApiOptions, engine: EngineResult["engine"], url?: string): Promise<EngineResult> {
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
      console.log(`[${engine}] Seeding ${opts.users} users directly …`);
      created = await seedUsers({ dataDir, url, users: opts.users, adminPassword: password });
      seedSeconds = (Date.now() - t) / 1000;
      console.log(`[${engine}] Seeded ${created} users in ${seedSeconds.toFixed(1)} s`);
    }

    console.log(`[${engine}] Starting the server …`);
    server = await startServer({
      BLADE_DATA_DIR: dataDir,
      BLADE_ADMIN_PASSWORD: password,
      DATABASE_URL: url,
      // PostgreSQL mode needs the secret-field key from outside the database (server/security/secrets.ts).
      ...(url ? { BLADE_SECRET_KEY: randomBytes(32).toString("base64") } : {}),
      // The sign-in bench speaks for many clients behind one proxy (else one IP is rate-limited).
      BLADE_TRUST_PROXY: "1",
      VITE_CAPTCHA_MODE: "false",
    });
    const api = createBladeApi(server.baseUrl);
    const session = await api.login("admin", password);
    const token = session.access_token;

    if (opts.seed === "api") {
      console.log(`[${engine}] Seeding ${opts.users} users through POST /api/blade-user/submit (${CONCURRENCY} at a time) …`);
      const t = Date.now();
      created = await seedThroughApi(api, token, session.role_id, session.dept_id, opts.users);
      seedSeconds = (Date.now() - t) / 1000;
      console.log(`[${engine}] Seeded ${created} users in ${seedSeconds.toFixed(1)} s`);
    }
    const first = ok(await api.get<Page<UserVO>>(token, "/blade-user/page", { current: 1, size: PAGE_SIZE }), "user page");
    if (first.total < opts.users) throw new Error(`expected at least ${opts.users} users, the server lists ${first.total}`);

    const headers = { Authorization: basicAuthHeader(), "Blade-Auth": `bearer ${token}` };
    const getOk = async (path: string) => {
      const res = await fetch(`${server!.baseUrl}${path}`, { headers });
      const body = (await res.json()) as { code?: number; data?: Page<UserVO> };
      if (!res.ok || body.code !== 200 || !body.data?.records?.length) throw new Error(`GET ${path}: HTTP ${res.status} code ${body.code}`);
    };

    const latency: EngineResult["latency"] = {};
    // The last full page: page 1000 of 10,000 users, page 10,000 of 100,000 (issue 9 compares it with page 1).
    const lastPage = Math.max(1, Math.floor(opts.users / PAGE_SIZE));
    for (const [name, current] of [["page 1", 1], [`page ${lastPage}`, lastPage]] as const) {
      const path = `/api/blade-user/page?current=${current}&size=${PAGE_SIZE}`;
      console.log(`[${engine}] Measuring GET ${path} (${WARMUP} warm-up, ${SAMPLES} timed) …`);
      for (let i = 0; i < WARMUP; i++) await getOk(path);
      const samples: number[] = [];
      for (let i = 0; i < SAMPLES; i++) samples.push(await timed(() => getOk(path)));
      latency[name] = { path, ...summarize(samples) };
    }

    // Each page read once, the two ends interleaved so that a busy moment hurts both alike.
    const endPages = Math.min(SAMPLES, Math.max(1, Math.floor(lastPage / 2)));
    console.log(`[${engine}] Measuring the first and the last ${endPages} pages, each read once …`);
    const firstSamples: number[] = [];
    const lastSamples: number[] = [];
    for (let i = 0; i < endPages; i++) {
      firstSamples.push(await timed(() => getOk(`/api/blade-user/page?current=${1 + i}&size=${PAGE_SIZE}`)));
      lastSamples.push(await timed(() => getOk(`/api/blade-user/page?current=${lastPage - i}&size=${PAGE_SIZE}`)));
    }
    const firstEnd = { path: `/api/blade-user/page?current=1..${endPages}`, ...summarize(firstSamples) };
    const lastEnd = { path: `/api/blade-user/page?current=${lastPage - endPages + 1}..${lastPage}`, ...summarize(lastSamples) };
    const ends = { first: firstEnd, last: lastEnd, ratio: Math.round((lastEnd.p95 / Math.max(0.1, firstEnd.p95)) * 100) / 100 };

    const listOk = (status: number, body: string) => status === 200 && body.includes('"code":200') && body.includes('"records":[{');
    const path = `/api/blade-user/page?current=1&size=${PAGE_SIZE}`;
    console.log(`[${engine}] Throughput of GET ${path}: ${LOAD_CLIENTS} clients for ${LOAD_SECONDS} s …`);
    const throughput = { path, ...(await load({ baseUrl: server.baseUrl, clients: LOAD_CLIENTS, seconds: LOAD_SECONDS, next: () => ({ path, headers }), ok: listOk })) };
    const pagesPath = `/api/blade-user/page?current=1..${lastPage}&size=${PAGE_SIZE}`;
    console.log(`[${engine}] Throughput of GET ${pagesPath}, a different page each request …`);
    const pageOf = (i: number) => `/api/blade-user/page?current=${(i % lastPage) + 1}&size=${PAGE_SIZE}`;
    const throughputPages = {
      path: pagesPath,
      ...(await load({ baseUrl: server.baseUrl, clients: LOAD_CLIENTS, seconds: LOAD_SECONDS, next: (i) => ({ path: pageOf(i), headers }), ok: listOk })),
    };

    const cores = cpus().length;
    console.log(`[${engine}] Password sign-ins: ${cores * 2} in flight for ${SIGN_IN_SECONDS} s …`);
    const digest = md5Hex(BENCH_USER_PASSWORD);
    const signIn = await load({
      baseUrl: server.baseUrl,
      clients: cores * 2,
      seconds: SIGN_IN_SECONDS,
      next: (i) => ({
        method: "POST",
        path: `/api/blade-auth/oauth/token?tenantId=000000&grant_type=password&scope=all&username=${benchUserFields(i % opts.users).account}&password=${digest}`,
        headers: { Authorization: basicAuthHeader(), "Tenant-Id": "000000", "X-Forwarded-For": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
      }),
      ok: (status, body) => status === 200 && body.includes("access_token"),
    });

    return {
      engine,
      users: first.total,
      seeding: { method: opts.seed, created, seconds: seedSeconds, perSecond: seedSeconds ? Math.round(created / seedSeconds) : 0 },
      latency,
      ends,
      throughput,
      throughputPages,
      signIn: { ...signIn, perCore: Math.round((signIn.perSecond / cores) * 10) / 10 },
    };
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const mark = (pass: boolean) => (pass ? "ok" : "MISSED");

export function printApi(r: ApiResult): void {
  for (const e of r.engines) {
    const target = TARGETS[e.engine];
    console.log(`\nAPI on ${e.engine} (${e.users} users; seeded ${e.seeding.created} via ${e.seeding.method} in ${e.seeding.seconds.toFixed(1)} s)`);
    console.log(`  ${"request".padEnd(46)} ${"p50".padStart(8)} ${"p95".padStart(8)} ${"max".padStart(8)}`);
    for (const l of Object.values(e.latency)) {
      console.log(`  GET ${l.path.padEnd(42)} ${`${l.p50}`.padStart(6)}ms ${`${l.p95}`.padStart(6)}ms ${`${l.max}`.padStart(6)}ms`);
    }
    const en = e.ends;
    console.log(
      `  first/last pages, each once: p95 ${en.first.p95} / ${en.last.p95} ms, last/first ${en.ratio} (target ≤ ${TARGETS.lastOverFirst}: ${mark(en.ratio <= TARGETS.lastOverFirst)})`,
    );
    for (const [name, t] of [["one page", e.throughput], ["every page", e.throughputPages]] as const) {
      const pass = t.perSecond >= target.perSecond && t.p99 <= target.p99 && t.errors === 0;
      console.log(
        `  ${name.padEnd(10)} ${t.perSecond} req/s, p50 ${t.p50} ms, p99 ${t.p99} ms, ${t.errors} errors (${t.clients} clients; target ≥ ${target.perSecond}/s, p99 ≤ ${target.p99} ms: ${mark(pass)})`,
      );
      if (t.firstError) console.log(`             first error: ${t.firstError}`);
    }
    const s = e.signIn;
    console.log(`  sign-ins   ${s.perSecond}/s = ${s.perCore}/s per core, p50 ${s.p50} ms, ${s.errors} errors (target ≥ ${TARGETS.signInPerCore}/s per core: ${mark(s.perCore >= TARGETS.signInPerCore && s.errors === 0)})`);
    if (s.firstError) console.log(`             first error: ${s.firstError}`);
  }
  for (const skip of r.skipped) console.log(`  not measured — ${skip}`);
}
