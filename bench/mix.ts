/**
 * Mixed operator workload (issue 25): the production server (`node scripts/start.mjs`) with 2,000
 * users, on PGlite and on a throw-away PostgreSQL, first the hot page (one user page read again
 * and again by 50 clients, the README's figure) and then 50 clients doing what operators do —
 * user pages at random page numbers, filtered pages, department children, user details, the
 * menu's routes and buttons of every page load, edits, creates and sign-ins, each sign-in from
 * its own address with a captcha as the console signs in. Per kind: p50/p95/p99 and, from the
 * server's own counters (server/db/bench-counters.ts, on by BLADE_BENCH_COUNTERS), statements,
 * data-version answers from memory, settle round trips and pool waits per operation.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type { Page, UserVO } from "../domain/contract";
import { basicAuthHeader } from "../scripts/lib/blade-api";
import type { Tally } from "../server/db/bench-counters";
import { md5Hex } from "../server/security/password";
import { load, type LoadResult } from "./load";
import { mixLoad, type Answer, type Call, type MixLoadResult, type Operation } from "./mix-load";
import { startTempPostgres } from "./postgres";
import { startProductionServer, type ProductionServer } from "./production-server";
import { seedUsers } from "./seed-users";
import type { MixKind } from "./mix-weights";
import { BENCH_USER_PASSWORD, benchUserFields } from "./users";

const READS: readonly MixKind[] = ["users", "filtered", "children", "detail", "routes"];

export interface MixOptions {
  clients: number;
  seconds: number;
  weights: Record<MixKind, number>;
  users: number;
  /** Seconds of an extra mix on PGlite under `node --cpu-prof` (0: none). */
  profileSeconds: number;
}

/** The issue's targets. */
export const MIX_TARGETS = { ratio: 0.5, readsP99: 150, signInP95: 400 };

const HOT_SECONDS = 10;
const PAGE_SIZE = 10;
// The captcha grant needs a code a script can know: the server's test hook fixes it (bench only).
const CAPTCHA_CODE = "bench7";

/** Server-side counts per operation of a kind, over the mix. */
export interface KindCost {
  statements: number;
  cacheHitRate: number | null;
  settles: number;
  settleMs: number;
  poolWaits: number;
  poolWaitMs: number;
  /** The reads that missed most, by the tables they depend on, per operation. */
  misses: { tables: string; perOp: number }[];
}

export interface MixEngineResult {
  engine: "pglite" | "postgres";
  users: number;
  /** 1-minute load average before and after the engine's runs (the machine is shared). */
  load: [number, number];
  hot: LoadResult & { path: string };
  mix: MixLoadResult;
  ratio: number;
  cost: Record<string, KindCost>;
}

export interface ProfileEntry {
  name: string;
  package: string;
  selfMs: number;
  share: number;
}

export interface MixResult {
  clients: number;
  seconds: number;
  weights: Record<MixKind, number>;
  engines: MixEngineResult[];
  skipped: string[];
  profile?: { seconds: number; file: string; top: ProfileEntry[]; packages: { package: string; share: number }[] };
  budgets: { name: string; pass: boolean; detail: string }[];
}

const load1 = () => Math.round(loadavg()[0] * 100) / 100;

async function json<T>(res: Answer, what: string): Promise<T> {
  const body = JSON.parse(res.body) as { code?: number; data?: T; access_token?: string };
  if (res.status !== 200 || (body.code !== undefined && body.code !== 200)) throw new Error(`${what}: HTTP ${res.status} ${res.body.slice(0, 200)}`);
  return (body.data ?? body) as T;
}

/** A captcha, then the captcha grant, from `ip` — as the console's login page does. */
async function signIn(send: (c: Call) => Promise<Answer>, ip: string, account: string, password: string, kind: string): Promise<string> {
  const base = { "X-Forwarded-For": ip, "Tenant-Id": "000000", "X-Bench-Kind": kind };
  const captcha = await json<{ key?: string }>(await send({ path: "/api/blade-auth/oauth/captcha", headers: base }), "captcha");
  if (!captcha.key) throw new Error("GET /api/blade-auth/oauth/captcha gave no key");
  const query = new URLSearchParams({ tenantId: "000000", username: account, password: md5Hex(password), grant_type: "captcha", scope: "all", type: "account" });
  const res = await send({
    method: "POST",
    path: `/api/blade-auth/oauth/token?${query}`,
    headers: { ...base, Authorization: basicAuthHeader(), "Captcha-Key": captcha.key, "Captcha-Code": CAPTCHA_CODE },
  });
  const token = (JSON.parse(res.body) as { access_token?: string }).access_token;
  if (res.status !== 200 || !token) throw new Error(`sign-in of ${account}: HTTP ${res.status} ${res.body.slice(0, 200)}`);
  return token;
}

/** A different address per sign-in: the rate limit and lockout count per address. */
let addresses = 0;
const nextAddress = () => {
  const i = ++addresses;
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
};

interface World {
  tokens: string[];
  userIds: string[];
  deptParents: string[];
  roleId: string;
  deptId: string;
  users: number;
  runId: string;
}

function operations(w: World): (kind: string, client: number, n: number) => Operation {
  const rand = (n: number) => Math.floor(Math.random() * n);
  const pages = Math.max(1, Math.floor(w.users / PAGE_SIZE));
  const prefixes = Math.max(1, Math.ceil(w.users / 100));
  const listed = (what: string) => async (res: Answer) => {
    const page = await json<Page<UserVO>>(res, what);
    if (!Array.isArray(page.records)) throw new Error(`${what}: no records`);
  };
  return (kind, client, n) => {
    const headers = { Authorization: basicAuthHeader(), "Blade-Auth": `bearer ${w.tokens[client % w.tokens.length]}`, "X-Bench-Kind": kind };
    const get = (path: string) => (send: (c: Call) => Promise<Answer>) => send({ path, headers });
    switch (kind as MixKind) {
      case "users": {
        const path = `/api/blade-user/page?current=${rand(pages) + 1}&size=${PAGE_SIZE}`;
        return async (send) => listed(path)(await get(path)(send));
      }
      case "filtered": {
        // What the search form sends: an account or name prefix (about 100 users each), a status, a department.
        const prefix = String(rand(prefixes)).padStart(3, "0");
        const filter = [`account=bench0${prefix}`, `realName=${encodeURIComponent(`压测用户0${prefix}`)}`, `status=1&current=${rand(pages) + 1}`, `deptId=${w.deptId}&current=${rand(pages) + 1}`][n % 4];
        const path = `/api/blade-user/page?size=${PAGE_SIZE}&${filter}`;
        return async (send) => listed(path)(await get(path)(send));
      }
      case "children": {
        const path = `/api/blade-system/dept/lazy-tree?parentId=${w.deptParents[rand(w.deptParents.length)]}`;
        return async (send) => void (await json<unknown[]>(await get(path)(send), path));
      }
      case "detail": {
        const path = `/api/blade-user/detail?id=${w.userIds[rand(w.userIds.length)]}`;
        return async (send) => void (await json<UserVO>(await get(path)(send), path));
      }
      case "routes":
        // Every page load: the menu's routes and the buttons, sent together.
        return async (send) => {
          const [routes, buttons] = await Promise.all([get("/api/blade-system/menu/routes")(send), get("/api/blade-system/menu/buttons")(send)]);
          await json(routes, "menu routes");
          await json(buttons, "menu buttons");
        };
      case "edit": {
        const i = rand(w.userIds.length);
        const id = w.userIds[i];
        return async (send) => {
          // The console's edit form sends back the record it read, with the fields changed.
          const fields = benchUserFields(i);
          const body = { id, tenantId: "000000", account: fields.account, name: fields.name, email: fields.email, sex: fields.sex, roleId: w.roleId, deptId: w.deptId, realName: `改名${n % 1000}`, phone: `138${String(n % 1e8).padStart(8, "0")}` };
          await json(await send({ method: "POST", path: "/api/blade-user/update", headers, json: body }), `update ${id}`);
        };
      }
      case "create": {
        const account = `mix${w.runId}${n}`;
        const body = { tenantId: "000000", account, name: account, realName: `新用户${n % 1000}`, password: BENCH_USER_PASSWORD, password2: BENCH_USER_PASSWORD, roleId: w.roleId, deptId: w.deptId, sex: 1 };
        return async (send) => void (await json(await send({ method: "POST", path: "/api/blade-user/submit", headers, json: body }), `create ${account}`));
      }
      case "signin": {
        const account = benchUserFields(rand(w.users)).account;
        return async (send) => void (await signIn(send, nextAddress(), account, BENCH_USER_PASSWORD, kind));
      }
    }
  };
}

function readCounters(file: string): Record<string, Tally> {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Record<string, Tally>;
  } catch {
    return {};
  }
}

/** The counters' tallies are written twice a second: wait for the ones after the phase. */
const afterFlush = () => new Promise((r) => setTimeout(r, 1200));

function costs(before: Record<string, Tally>, after: Record<string, Tally>, mix: MixLoadResult): Record<string, KindCost> {
  const out: Record<string, KindCost> = {};
  for (const [kind, k] of Object.entries(mix.kinds)) {
    const a = after[kind];
    if (!a || k.ops === 0) continue;
    const b = before[kind];
    const per = (x: number) => Math.round((x / k.ops) * 100) / 100;
    const d = (key: Exclude<keyof Tally, "missesByTables">) => a[key] - (b?.[key] ?? 0);
    const misses = Object.entries(a.missesByTables ?? {})
      .map(([tables, count]) => ({ tables, perOp: per(count - (b?.missesByTables?.[tables] ?? 0)) }))
      .filter((m) => m.perOp > 0)
      .sort((x, y) => y.perOp - x.perOp)
      .slice(0, 4);
    const lookups = d("cacheHits") + d("cacheMisses");
    out[kind] = {
      statements: per(d("statements")),
      cacheHitRate: lookups ? Math.round((d("cacheHits") / lookups) * 1000) / 1000 : null,
      settles: per(d("settles")),
      settleMs: per(d("settleMs")),
      poolWaits: per(d("poolWaits")),
      poolWaitMs: per(d("poolWaitMs")),
      misses,
    };
  }
  return out;
}

interface Started {
  server: ProductionServer;
  world: World;
  counters: string;
  cleanup(): Promise<void>;
}

/** A fresh data directory (or database) with the users, the production server on it, and what the mix needs. */
async function start(engine: MixEngineResult["engine"], opts: MixOptions, url: string | undefined, nodeArgs: string[] = []): Promise<Started> {
  const dataDir = mkdtempSync(join(tmpdir(), "blade-bench-mix-"));
  const distDir = mkdtempSync(join(tmpdir(), "blade-bench-dist-")); // the API alone: no console build
  const counters = join(dataDir, "counters.json");
  const password = `Bx!${randomBytes(5).toString("hex")}#1A`;
  let server: ProductionServer | undefined;
  const cleanup = async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(distDir, { recursive: true, force: true });
  };
  try {
    console.log(`[mix ${engine}] Seeding ${opts.users} users directly …`);
    await seedUsers({ dataDir: join(dataDir, "db"), url, users: opts.users, adminPassword: password });
    console.log(`[mix ${engine}] Starting the production server …`);
    server = await startProductionServer({
      BLADE_DATA_DIR: join(dataDir, "db"),
      BLADE_DIST_DIR: distDir,
      BLADE_ADMIN_PASSWORD: password,
      DATABASE_URL: url,
      ...(url ? { BLADE_SECRET_KEY: randomBytes(32).toString("base64") } : {}),
      // Each sign-in comes from its own address behind the bench's "proxy".
      BLADE_TRUST_PROXY: "1",
      BLADE_TEST_HOOKS: "1",
      BLADE_CAPTCHA_TEST_CODE: CAPTCHA_CODE,
      BLADE_BENCH_COUNTERS: counters,
    }, undefined, nodeArgs);
    const baseUrl = server.baseUrl;
    const agentless = async (call: Call): Promise<Answer> => {
      const res = await fetch(`${baseUrl}${call.path}`, {
        method: call.method ?? "GET",
        headers: call.json === undefined ? call.headers : { ...call.headers, "Content-Type": "application/json" },
        body: call.json === undefined ? undefined : JSON.stringify(call.json),
      });
      return { status: res.status, body: await res.text() };
    };
    // Sessions shared by the clients, as operators' would be: 20 at most, since one account may
    // sign in 30 times a minute (server/security/rate-limit.ts).
    const tokens: string[] = [];
    for (let i = 0; i < Math.min(opts.clients, 20); i++) tokens.push(await signIn(agentless, nextAddress(), "admin", password, "setup"));
    const headers = { Authorization: basicAuthHeader(), "Blade-Auth": `bearer ${tokens[0]}`, "X-Bench-Kind": "setup" };
    const userIds: string[] = [];
    let roleId = "";
    let deptId = "";
    for (let current = 1; userIds.length < opts.users; current++) {
      const page = await json<Page<UserVO>>(await agentless({ path: `/api/blade-user/page?current=${current}&size=200&account=bench&ascs=account`, headers }), "users");
      if (page.records.length === 0) break;
      for (const u of page.records) {
        userIds[Number(u.account.slice(5)) - 1] = u.id;
        roleId ||= String(u.roleId);
        deptId ||= String(u.deptId);
      }
    }
    if (userIds.filter(Boolean).length < opts.users) throw new Error(`expected ${opts.users} bench users, found ${userIds.filter(Boolean).length}`);
    const roots = await json<{ id: string; hasChildren?: boolean }[]>(await agentless({ path: "/api/blade-system/dept/lazy-tree?parentId=0", headers }), "departments");
    const deptParents = ["0", ...roots.filter((d) => d.hasChildren).map((d) => d.id)];
    return { server, counters, cleanup, world: { tokens, userIds, deptParents, roleId, deptId, users: opts.users, runId: randomBytes(3).toString("hex") } };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

async function benchEngine(engine: MixEngineResult["engine"], opts: MixOptions, url?: string): Promise<MixEngineResult> {
  const loadBefore = load1();
  const { server, world, counters, cleanup } = await start(engine, opts, url);
  try {
    const path = `/api/blade-user/page?current=1&size=${PAGE_SIZE}`;
    const headers = { Authorization: basicAuthHeader(), "Blade-Auth": `bearer ${world.tokens[0]}`, "X-Bench-Kind": "hot" };
    console.log(`[mix ${engine}] Hot page: GET ${path}, ${opts.clients} clients for ${HOT_SECONDS} s …`);
    const hot = {
      path,
      ...(await load({ baseUrl: server.baseUrl, clients: opts.clients, seconds: HOT_SECONDS, next: () => ({ path, headers }), ok: (s, b) => s === 200 && b.includes('"records":[{') })),
    };
    await afterFlush();
    const before = readCounters(counters);
    console.log(`[mix ${engine}] Mix: ${opts.clients} clients for ${opts.seconds} s …`);
    const mix = await mixLoad({ baseUrl: server.baseUrl, clients: opts.clients, seconds: opts.seconds, weights: opts.weights, operation: operations(world), reads: READS });
    await afterFlush();
    const cost = costs(before, readCounters(counters), mix);
    return { engine, users: opts.users, load: [loadBefore, load1()], hot, mix, ratio: Math.round((mix.perSecond / Math.max(1, hot.perSecond)) * 1000) / 1000, cost };
  } finally {
    await cleanup();
  }
}

/** The top self-time functions of a .cpuprofile, and the share of each package. */
export function summarizeProfile(profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]; samples: number[]; timeDeltas: number[] }, top = 15) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0)));
  const total = [...selfUs.values()].reduce((s, x) => s + x, 0) || 1;
  const packageOf = (url: string, name: string) => {
    if (!url) return name.startsWith("(") ? name : "(native)";
    if (url.startsWith("node:")) return "node";
    if (url.startsWith("wasm://")) return "@electric-sql/pglite (wasm)"; // the only WebAssembly in the server
    if (url.includes("/node_modules/.cache/")) return "server (bundle)";
    const m = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
    return m ? m[1] : url.includes("/server/") ? "server" : url;
  };
  const fns = new Map<string, ProfileEntry>();
  const pkgs = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const f = byNode.get(id)!;
    const pkg = packageOf(f.url, f.functionName);
    const name = `${f.functionName || "(anonymous)"}${f.url ? ` ${f.url.split("/").pop()}:${f.lineNumber + 1}` : ""}`;
    const e = fns.get(name) ?? { name, package: pkg, selfMs: 0, share: 0 };
    e.selfMs += us / 1000;
    fns.set(name, e);
    pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + us);
  }
  const pct = (x: number) => Math.round((x / total) * 1000) / 10;
  return {
    top: [...fns.values()].sort((a, b) => b.selfMs - a.selfMs).slice(0, top).map((e) => ({ ...e, selfMs: Math.round(e.selfMs), share: pct(e.selfMs * 1000) })),
    packages: [...pkgs].sort((a, b) => b[1] - a[1]).map(([pkg, us]) => ({ package: pkg, share: pct(us) })),
  };
}

export async function profileOnPglite(opts: MixOptions): Promise<NonNullable<MixResult["profile"]>> {
  const dir = mkdtempSync(join(tmpdir(), "blade-bench-prof-"));
  const { server, world, cleanup } = await start("pglite", opts, undefined, ["--cpu-prof", `--cpu-prof-dir=${dir}`]);
  try {
    console.log(`[mix pglite] CPU profile of a ${opts.profileSeconds} s mix …`);
    await mixLoad({ baseUrl: server.baseUrl, clients: opts.clients, seconds: opts.profileSeconds, weights: opts.weights, operation: operations(world), reads: READS });
  } finally {
    await cleanup(); // the profile is written as the server exits
  }
  const { readdirSync, statSync } = await import("node:fs");
  const files = readdirSync(dir).filter((f) => f.endsWith(".cpuprofile")).map((f) => join(dir, f));
  const file = files.sort((a, b) => statSync(b).size - statSync(a).size)[0];
  if (!file) throw new Error(`no .cpuprofile in ${dir}`);
  return { seconds: opts.profileSeconds, file, ...summarizeProfile(JSON.parse(readFileSync(file, "utf8"))) };
}

export async function benchMix(opts: MixOptions): Promise<MixResult> {
  const result: MixResult = { clients: opts.clients, seconds: opts.seconds, weights: opts.weights, engines: [], skipped: [], budgets: [] };
  result.engines.push(await benchEngine("pglite", opts));
  const pg = await startTempPostgres().catch((e: Error) => (result.skipped.push(`postgres: ${e.message.split("\n")[0]}`), null));
  if (pg) {
    try {
      result.engines.push(await benchEngine("postgres", opts, pg.url));
    } finally {
      pg.stop();
    }
  }
  if (opts.profileSeconds > 0) result.profile = await profileOnPglite(opts);
  for (const e of result.engines) {
    const s = e.mix.kinds.signin;
    result.budgets.push(
      { name: `${e.engine}: mix ≥ ${MIX_TARGETS.ratio * 100} % of the hot page`, pass: e.ratio >= MIX_TARGETS.ratio, detail: `${e.mix.perSecond} / ${e.hot.perSecond} req/s = ${Math.round(e.ratio * 100)} %` },
      { name: `${e.engine}: reads p99 ≤ ${MIX_TARGETS.readsP99} ms`, pass: e.mix.reads.p99 <= MIX_TARGETS.readsP99, detail: `${e.mix.reads.p99} ms` },
      ...(s && s.ops ? [{ name: `${e.engine}: sign-ins p95 ≤ ${MIX_TARGETS.signInP95} ms`, pass: s.p95 <= MIX_TARGETS.signInP95, detail: `${s.p95} ms` }] : []),
      { name: `${e.engine}: no errors`, pass: e.mix.errors === 0 && e.hot.errors === 0, detail: `${e.hot.errors} hot, ${e.mix.errors} mix` },
    );
  }
  return result;
}

export function printMix(r: MixResult): void {
  console.log(`\nMixed workload (${r.clients} clients, ${r.seconds} s; ${Object.entries(r.weights).filter(([, w]) => w > 0).map(([k, w]) => `${k}:${w}`).join(",")})`);
  console.log(`  ${"engine".padEnd(9)} ${"hot req/s".padStart(10)} ${"mix req/s".padStart(10)} ${"mix/hot".padStart(8)}  load`);
  for (const e of r.engines) {
    console.log(`  ${e.engine.padEnd(9)} ${String(e.hot.perSecond).padStart(10)} ${String(e.mix.perSecond).padStart(10)} ${`${Math.round(e.ratio * 100)} %`.padStart(8)}  ${e.load[0]} → ${e.load[1]}`);
  }
  for (const e of r.engines) {
    console.log(`\n  ${e.engine}: per kind (latency of an operation; statements, memory answers, settle trips and pool waits per operation)`);
    console.log(`  ${"kind".padEnd(9)} ${"ops".padStart(6)} ${"p50".padStart(7)} ${"p95".padStart(7)} ${"p99".padStart(7)} ${"err".padStart(4)} ${"stmts".padStart(6)} ${"hits".padStart(6)} ${"settle".padStart(7)} ${"pool waits".padStart(11)}`);
    for (const [kind, k] of Object.entries(e.mix.kinds)) {
      if (!k.ops && !k.errors) continue;
      const c = e.cost[kind];
      const hits = c?.cacheHitRate == null ? "-" : `${Math.round(c.cacheHitRate * 100)}%`;
      const pool = c && e.engine === "postgres" ? `${c.poolWaits} (${c.poolWaitMs} ms)` : "-";
      const settle = c && e.engine === "postgres" ? `${c.settles}` : "-";
      console.log(
        `  ${kind.padEnd(9)} ${String(k.ops).padStart(6)} ${`${k.p50}`.padStart(7)} ${`${k.p95}`.padStart(7)} ${`${k.p99}`.padStart(7)} ${String(k.errors).padStart(4)} ${String(c?.statements ?? "-").padStart(6)} ${hits.padStart(6)} ${settle.padStart(7)} ${pool.padStart(11)}`,
      );
      if (k.firstError) console.log(`            first error: ${k.firstError}`);
    }
    console.log("  misses of the data version per operation, by the tables the read depends on:");
    for (const [kind, c] of Object.entries(e.cost)) {
      if (c.misses.length) console.log(`    ${kind.padEnd(9)} ${c.misses.map((m) => `${m.perOp} ${m.tables}`).join("; ")}`);
    }
    console.log(`  reads together: p50 ${e.mix.reads.p50} ms, p95 ${e.mix.reads.p95} ms, p99 ${e.mix.reads.p99} ms`);
  }
  for (const skip of r.skipped) console.log(`  not measured — ${skip}`);
  if (r.profile) {
    console.log(`\n  CPU profile of a ${r.profile.seconds} s mix on PGlite (${r.profile.file}), top self time:`);
    for (const f of r.profile.top) console.log(`    ${`${f.share}%`.padStart(6)} ${`${f.selfMs} ms`.padStart(9)}  ${f.package.padEnd(22)} ${f.name}`);
    console.log(`  by package: ${r.profile.packages.slice(0, 10).map((p) => `${p.package} ${p.share}%`).join(", ")}`);
  }
  for (const b of r.budgets) console.log(`  ${b.pass ? "PASS" : "FAIL"}  ${b.name}: ${b.detail}`);
}
