/**
 * Idle memory bench: the production server (bench/production-server.ts) on PGlite, one sign-in
 * through the console's captcha grant, 10 s of idleness, then its resident set size — on a first
 * start (a new data directory: initdb, migrations, seed) and on a restart of the same directory.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { basicAuthHeader, md5, withQuery } from "../scripts/lib/blade-api";
import { startProductionServer } from "./production-server";

export const RSS_BUDGET_MB = 300;
const IDLE_MS = 10_000;
// The captcha grant needs a code a script can know: the server's test hook fixes it (nothing else).
const CAPTCHA_CODE = "bench7";

export interface MemoryResult {
  idleMs: number;
  phases: { phase: string; rssMB: number; peakMB: number | null }[];
  budgets: { name: string; pass: boolean; detail: string }[];
}

const toMB = (kiB: number) => Math.round((kiB * 1024) / 1e6);

/** Resident and peak resident memory of a process in MB of 10^6 bytes (the kernel counts KiB). */
function residentMB(pid: number): { rssMB: number; peakMB: number | null } {
  const status = `/proc/${pid}/status`;
  if (existsSync(status)) {
    const text = readFileSync(status, "utf8");
    const kB = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? NaN);
    return { rssMB: toMB(kB("VmRSS")), peakMB: toMB(kB("VmHWM")) };
  }
  return { rssMB: toMB(Number(execFileSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" }).trim())), peakMB: null };
}

/** Signs in as the console does in captcha mode (GET the captcha, then the captcha grant). */
async function signIn(baseUrl: string, password: string): Promise<void> {
  const captcha = (await (await fetch(`${baseUrl}/api/blade-auth/oauth/captcha`)).json()) as { key?: string };
  if (!captcha.key) throw new Error("GET /api/blade-auth/oauth/captcha gave no key");
  const url = withQuery(`${baseUrl}/api/blade-auth/oauth/token`, { tenantId: "000000", username: "admin", password: md5(password), grant_type: "captcha", scope: "all" });
  const res = await fetch(url, {
    method: "POST",
    headers: { Authorization: basicAuthHeader(), "Tenant-Id": "000000", "Captcha-Key": captcha.key, "Captcha-Code": CAPTCHA_CODE },
  });
  const body = (await res.json()) as { access_token?: string; error_description?: string };
  if (!body.access_token) throw new Error(`sign-in failed: HTTP ${res.status} ${body.error_description ?? ""}`);
}

export async function benchMemory(): Promise<MemoryResult> {
  const dataDir = mkdtempSync(join(tmpdir(), "blade-bench-memory-"));
  const distDir = mkdtempSync(join(tmpdir(), "blade-bench-dist-")); // the console's files are read per request, never held
  const password = `Bm!${randomBytes(5).toString("hex")}#1A`;
  const phases: MemoryResult["phases"] = [];
  try {
    for (const phase of ["first start", "restart"]) {
      console.log(`Idle memory, ${phase}: starting the production server …`);
      const server = await startProductionServer({
        BLADE_DATA_DIR: dataDir,
        BLADE_DIST_DIR: distDir,
        BLADE_ADMIN_PASSWORD: password,
        BLADE_TEST_HOOKS: "1",
        BLADE_CAPTCHA_TEST_CODE: CAPTCHA_CODE,
        DATABASE_URL: undefined,
      });
      try {
        await signIn(server.baseUrl, password);
        await new Promise((r) => setTimeout(r, IDLE_MS));
        phases.push({ phase, ...residentMB(server.pid) });
      } finally {
        await server.stop();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(distDir, { recursive: true, force: true });
  }
  const budgets = phases.map((p) => ({ name: `idle server (${p.phase}) ≤ ${RSS_BUDGET_MB} MB resident`, pass: p.rssMB <= RSS_BUDGET_MB, detail: `${p.rssMB} MB` }));
  return { idleMs: IDLE_MS, phases, budgets };
}

export function printMemory(r: MemoryResult): void {
  console.log(`\nIdle memory (production server on PGlite, one sign-in, ${r.idleMs / 1000} s idle)`);
  for (const p of r.phases) console.log(`  ${p.phase.padEnd(12)} ${`${p.rssMB} MB`.padStart(8)} resident${p.peakMB === null ? "" : `  (peak ${p.peakMB} MB)`}`);
  for (const b of r.budgets) console.log(`  ${b.pass ? "PASS" : "FAIL"}  ${b.name}: ${b.detail}`);
}
