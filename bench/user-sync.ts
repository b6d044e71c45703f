/**
 * 用户同步 bench (issue 22): a real slapd holding N people in 1,000 organisational units
 * (bench/ldap-data.ts), the server (bench/server.ts) on a fresh data directory, an LDAP synchroniser
 * created through the API as an operator would, then through the API:
 *   1. preview (its time, and its summary: every unit and person to create),
 *   2. the first run, timed from sync/{id} until its task result is final, with its counts,
 *   3. a second run over the unchanged directory (nothing changes),
 *   4. one person's mobile changed in the directory, and a run (exactly one update).
 * The server process's resident memory (/proc/<pid>/status VmRSS) is sampled every 200 ms from an
 * idle baseline through preview and the first run. The whole is done at 10,000 and at 50,000
 * people, so that "memory flat in the number of users" is a comparison of two measured peaks.
 * Exported for bench/run.ts: benchUserSync() measures, printUserSync() prints.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createBladeApi, ok, type BladeApi } from "../scripts/lib/blade-api";
import { benchUserDn, startLdapBenchDirectory } from "./ldap-data";
import { startServer } from "./server";

/** The issue's budgets. */
export const USER_SYNC_BUDGETS = { previewSeconds: 30, firstRunSeconds: 60, secondRunSeconds: 15, memoryRatio: 1.5 };
export const USER_SYNC_SIZES = { small: 10_000, large: 50_000, units: 1_000 };
const SAMPLE_MS = 200;
const POLL_MS = 200;
/** A run that has not ended by then has hung: the bench says so rather than waiting for ever. */
const RUN_TIMEOUT_MS = 15 * 60_000;

interface Counts {
  taskStatus: number;
  created: number;
  updated: number;
  disabled: number;
  deleted: number;
  skipped: number;
  failed: number;
  message: string;
}
type Summary = { create: number; update: number; disable: number; delete: number; skip: number; fail: number };

export interface SyncScale {
  users: number;
  units: number;
  directoryLoadSeconds: number;
  preview: { seconds: number; summary: Summary; peakOverIdleMB: number };
  firstRun: { seconds: number; counts: Counts; peakOverIdleMB: number; samples: number };
  secondRun: { seconds: number; counts: Counts };
  oneChange: { seconds: number; counts: Counts };
  memory: { pid: number; idleMB: number; peakMB: number };
  /** Task-result polls dropped by the network and asked again (see until()). */
  droppedPolls: number;
  /** 1-, 5- and 15-minute load averages when the scale began and ended (the machine is shared). */
  load: { before: number[]; after: number[] };
}

export interface UserSyncBenchResult {
  cpus: number;
  scales: SyncScale[];
  budgets: { name: string; pass: boolean; detail: string }[];
}

/** Polls of a task result the network dropped (see until()). */
let droppedPolls = 0;

const round1 = (n: number) => Math.round(n * 10) / 10;
const loads = () => loadavg().map((l) => Math.round(l * 100) / 100);

/* ---------- the server's process and its memory ---------- */

/** The process ids below `root` (tsx starts node as a child: the server is a descendant). */
function descendants(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The command name may hold spaces and parentheses: the fields after the last ")" are plain.
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      parentOf.set(Number(name), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      /* gone meanwhile */
    }
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    for (const [child, parent] of parentOf) {
      if (parent !== pid) continue;
      out.push(child);
      walk(child);
    }
  };
  walk(root);
  return out;
}

/** Resident memory in MB (10^6 bytes; the kernel counts KiB), 0 when the process is gone. */
function rssMB(pid: number): number {
  try {
    const kB = Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    return (kB * 1024) / 1e6;
  } catch {
    return 0;
  }
}

/** The server's own process: of the processes under the bench server's, the one that holds the most memory. */
function serverPid(rootPid: number): number {
  const candidates = [rootPid, ...descendants(rootPid)];
  return candidates.reduce((best, pid) => (rssMB(pid) > rssMB(best) ? pid : best), rootPid);
}

/** Samples a process's RSS every SAMPLE_MS until stopped; answers the peak and the sample count. */
function sampleRss(pid: number) {
  let peak = rssMB(pid);
  let samples = 1;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMB(pid));
    samples += 1;
  }, SAMPLE_MS);
  return {
    stop: () => {
      clearInterval(timer);
      peak = Math.max(peak, rssMB(pid));
      return { peak, samples: samples + 1 };
    },
  };
}

/* ---------- the API ---------- */

/**
 * Polls until an answer. A poll the network dropped is asked again: undici reuses a kept-alive
 * socket that the busy server has just closed (ECONNRESET) where a browser retries by itself;
 * those retries are counted and reported, never hidden.
 */
async function until<T>(what: string, poll: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + RUN_TIMEOUT_MS;
  for (;;) {
    let found: T | undefined;
    try {
      found = await poll();
    } catch (error) {
      if (!(error instanceof TypeError) || error.message !== "fetch failed") throw error;
      droppedPolls += 1;
    }
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what} did not end within ${RUN_TIMEOUT_MS / 60_000} minutes`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** sync/{id}, then the task result polled until it is final: the seconds between, and its counts. */
async function timedRun(api: BladeApi, token: string, synchronizerId: string): Promise<{ seconds: number; counts: Counts }> {
  const started = performance.now();
  const task = ok(await api.get<{ id: string; taskStatus: number }>(token, `/authentication/userSynchronizers/sync/${synchronizerId}`), "sync");
  const counts = await until(`run ${task.id}`, async () => {
    const row = ok(await api.get<Counts>(token, "/authentication/taskResult/detail", { id: task.id }), "task result");
    return row.taskStatus !== 0 ? row : undefined;
  });
  return { seconds: round1((performance.now() - started) / 1000), counts };
}

/** One scale: its own directory, data directory and server, all removed at the end. */
async function measureScale(users: number, units: number, changeUser: number): Promise<SyncScale> {
  const load = { before: loads(), after: [] as number[] };
  droppedPolls = 0;
  console.log(`[userSync] ${users} people in ${units} units: loading slapd …`);
  const bench = await startLdapBenchDirectory({ users, units });
  const dataDir = mkdtempSync(join(tmpdir(), "blade-bench-user-sync-"));
  const password = `Bs!${randomBytes(5).toString("hex")}#1A`;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    console.log(`[userSync]   directory loaded in ${bench.loadSeconds.toFixed(1)} s; starting the server …`);
    server = await startServer({ BLADE_DATA_DIR: dataDir, BLADE_ADMIN_PASSWORD: password, DATABASE_URL: undefined, VITE_CAPTCHA_MODE: "false" });
    if (!server.pid) throw new Error("the bench server has no process id to measure");
    const api = createBladeApi(server.baseUrl);
    const token = await api.token("admin", password);
    const roles = ok(await api.get<{ id: string; roleAlias: string }[]>(token, "/blade-system/role/list"), "roles");
    const roleId = roles.find((r) => r.roleAlias === "user")?.id;
    if (!roleId) throw new Error("the seed has no role `user` for the synchronised users");
    const { directory } = bench;
    const name = `压测目录${users}`;
    ok(
      await api.post(token, "/authentication/userSynchronizers/submit", {
        name,
        sourceType: "ldap",
        endpoint: directory.url,
        principal: directory.rootDn,
        secret: directory.rootPassword,
        userBaseDn: directory.suffix,
        deptBaseDn: directory.suffix,
        roleId,
        // The defaults an operator keeps: skip on conflict, disable users gone from the source (20 %).
      }),
      "create the synchroniser",
    );
    const page = ok(await api.get<{ records: { id: string; name: string }[] }>(token, "/authentication/userSynchronizers/page", { name }), "synchronisers");
    const synchronizerId = page.records.find((s) => s.name === name)?.id;
    if (!synchronizerId) throw new Error("the synchroniser just created is not listed");

    // Idle: signed in, the synchroniser saved, nothing running.
    await new Promise((r) => setTimeout(r, 2_000));
    const pid = serverPid(server.pid);
    const idleMB = rssMB(pid);

    console.log(`[userSync]   preview …`);
    let sampler = sampleRss(pid);
    const t = performance.now();
    const answer = ok(await api.post<{ summary: Summary }>(token, "/authentication/userSynchronizers/preview", { id: synchronizerId }), "preview");
    const previewSeconds = round1((performance.now() - t) / 1000);
    const previewPeak = sampler.stop().peak;

    console.log(`[userSync]   first run …`);
    sampler = sampleRss(pid);
    const first = await timedRun(api, token, synchronizerId);
    const firstMemory = sampler.stop();

    console.log(`[userSync]   second run (unchanged) …`);
    const second = await timedRun(api, token, synchronizerId);

    console.log(`[userSync]   one person changed, run …`);
    await directory.modify(benchUserDn(changeUser, units), { mobile: "13700000000" });
    const oneChange = await timedRun(api, token, synchronizerId);
    load.after = loads();
    return {
      users,
      units,
      directoryLoadSeconds: round1(bench.loadSeconds),
      preview: { seconds: previewSeconds, summary: answer.summary, peakOverIdleMB: Math.round(previewPeak - idleMB) },
      firstRun: { ...first, peakOverIdleMB: Math.round(firstMemory.peak - idleMB), samples: firstMemory.samples },
      secondRun: second,
      oneChange,
      droppedPolls,
      memory: { pid, idleMB: Math.round(idleMB), peakMB: Math.round(Math.max(previewPeak, firstMemory.peak)) },
      load,
    };
  } finally {
    await server?.stop();
    await bench.directory.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const changes = (c: Counts) => c.created + c.updated + c.disabled + c.deleted + c.skipped + c.failed;

/** What each scale must show beside its times: the counts a correct synchroniser gives. */
function correctness(s: SyncScale): { name: string; pass: boolean; detail: string }[] {
  const p = s.preview.summary;
  const f = s.firstRun.counts;
  const o = s.oneChange.counts;
  const want = s.users + s.units;
  return [
    {
      name: `preview of ${s.users}: ${s.units} departments + ${s.users} users to create, nothing else`,
      pass: p.create === want && p.update + p.disable + p.delete + p.skip + p.fail === 0,
      detail: `create ${p.create}, update ${p.update}, disable ${p.disable}, delete ${p.delete}, skip ${p.skip}, fail ${p.fail}`,
    },
    {
      name: `first run of ${s.users}: 成功, ${want} created`,
      pass: f.taskStatus === 1 && f.created === want && changes(f) === want,
      detail: `status ${f.taskStatus}, created ${f.created}, updated ${f.updated}, skipped ${f.skipped}, failed ${f.failed}${f.message ? ` (${f.message})` : ""}`,
    },
    {
      name: `second run of ${s.users}: nothing changed`,
      pass: s.secondRun.counts.taskStatus === 1 && changes(s.secondRun.counts) === 0,
      detail: `status ${s.secondRun.counts.taskStatus}, ${changes(s.secondRun.counts)} changes`,
    },
    {
      name: `one person changed in ${s.users}: exactly one update`,
      pass: o.taskStatus === 1 && o.updated === 1 && changes(o) === 1,
      detail: `status ${o.taskStatus}, updated ${o.updated}, ${changes(o)} changes`,
    },
  ];
}

/** `users`: the large scale (default 50,000); the comparison scale is 10,000 (or a fifth when smaller). */
export async function benchUserSync(opts: { users?: number } = {}): Promise<UserSyncBenchResult> {
  const large = opts.users ?? USER_SYNC_SIZES.large;
  const small = large > USER_SYNC_SIZES.small ? USER_SYNC_SIZES.small : Math.max(1, Math.floor(large / 5));
  const units = Math.min(USER_SYNC_SIZES.units, small);
  const scales: SyncScale[] = [];
  for (const users of [small, large]) scales.push(await measureScale(users, units, Math.ceil(users / 2)));
  const [s, l] = scales as [SyncScale, SyncScale];
  const b = USER_SYNC_BUDGETS;
  const ratio = l.firstRun.peakOverIdleMB / Math.max(1, s.firstRun.peakOverIdleMB);
  const budgets = [
    { name: `preview of ${l.users} ≤ ${b.previewSeconds} s`, pass: l.preview.seconds <= b.previewSeconds, detail: `${l.preview.seconds} s` },
    { name: `first run of ${l.users} ≤ ${b.firstRunSeconds} s`, pass: l.firstRun.seconds <= b.firstRunSeconds, detail: `${l.firstRun.seconds} s` },
    { name: `second, unchanged run of ${l.users} ≤ ${b.secondRunSeconds} s`, pass: l.secondRun.seconds <= b.secondRunSeconds, detail: `${l.secondRun.seconds} s` },
    {
      name: `memory flat: first-run peak over idle at ${l.users} ≤ ${b.memoryRatio}× that at ${s.users}`,
      pass: ratio <= b.memoryRatio,
      detail: `${l.firstRun.peakOverIdleMB} MB vs ${s.firstRun.peakOverIdleMB} MB (${ratio.toFixed(2)}×)`,
    },
    ...scales.flatMap(correctness),
  ];
  return { cpus: cpus().length, scales, budgets };
}

export function printUserSync(r: UserSyncBenchResult): void {
  console.log(`\n用户同步 (LDAP, slapd on this machine, ${r.cpus} CPUs)`);
  console.log("  people   units  preview   1st run  2nd run  1 change   idle RSS  peak over idle (preview / 1st run)   load 1-min before → after   dropped polls");
  for (const s of r.scales) {
    const cells = [
      String(s.users).padStart(6),
      String(s.units).padStart(6),
      `${s.preview.seconds} s`.padStart(8),
      `${s.firstRun.seconds} s`.padStart(9),
      `${s.secondRun.seconds} s`.padStart(8),
      `${s.oneChange.seconds} s`.padStart(9),
      `${s.memory.idleMB} MB`.padStart(10),
      `${s.preview.peakOverIdleMB} / ${s.firstRun.peakOverIdleMB} MB`.padStart(16),
      `${s.load.before[0]} → ${s.load.after[0]}`.padStart(28),
      String(s.droppedPolls).padStart(15),
    ];
    console.log(`  ${cells.join(" ")}`);
  }
  for (const b of r.budgets) console.log(`  ${b.pass ? "✓" : "✗"} ${b.name}: ${b.detail}`);
}

// `npx tsx bench/user-sync.ts [--syncUsers=N]`: this part alone.
if (process.argv[1] && resolve(process.argv[1]) === resolve("bench/user-sync.ts")) {
  const n = process.argv.find((a) => a.startsWith("--syncUsers="))?.split("=")[1];
  if (!existsSync("/usr/sbin/slapd")) console.warn("slapd is not installed: apt-get install slapd ldap-utils");
  benchUserSync({ users: n ? Number(n) : undefined }).then(
    (r) => {
      printUserSync(r);
      process.exit(r.budgets.every((b) => b.pass) ? 0 : 1);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
