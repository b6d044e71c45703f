/**
 * Dashboard bench: 1,000,000 log rows (600,000 sign-in attempts and 400,000 application visits
 * over the last 365 days, in tenant 000000) written straight into a fresh data directory with
 * generate_series, the server started on it, then the p95 of each §7 dashboard endpoint. They
 * aggregate by (tenant_id, create_time) ranges, so the cost follows the window, not the table.
 * Exported for bench/run.ts: benchDashboard() measures, printDashboard() prints.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { createBladeApi, basicAuthHeader } from "../scripts/lib/blade-api";
import { summarize, type Latency } from "../scripts/lib/stats";
import { openDatabase } from "../server/db/connection";
import { seedIfFirstStart } from "../server/db/seed";
import { startServer } from "./server";

const WARMUP = 5;
const SAMPLES = 60;
/** The issue asks for the figure; this budget keeps it honest on a shared 2-core machine. */
export const DASHBOARD_BUDGET_P95_MS = 1000;

const ENDPOINTS = ["baseInfo", "accessDistribution", "applicationAccessTop10", "userAuthDeptDistribution", "userAuthTrend"] as const;

export interface DashboardBenchResult {
  rows: { login: number; visits: number };
  seeding: { seconds: number };
  api: Record<string, Latency & { path: string }>;
  budgets: { name: string; pass: boolean; detail: string }[];
}

/** Rows spread evenly at random over the past year, ids well clear of the snowflake range. */
async function seedLogs(dataDir: string, password: string, login: number, visits: number): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    const { db } = database;
    await database.migrate();
    await seedIfFirstStart(db, { adminPassword: password, captchaRequired: false });
    const spread = sql.raw(`localtimestamp(0) - (random() * 365 * 86400) * interval '1 second'`);
    await db.execute(sql`
      insert into blade_log_login (id, tenant_id, user_id, account, dept_id, grant_type, success, reason, ip, user_agent, create_time)
      select g, '000000', 0, 'bench' || (g % 500), d.ids[1 + g % array_length(d.ids, 1)],
        'password', case when g % 7 = 0 then 0 else 1 end, '', '10.0.' || (g % 250) || '.1', 'bench', ${spread}
      from generate_series(1, ${login}) g,
        (select array_agg(id order by id) as ids from blade_dept where tenant_id = '000000') d`);
    await db.execute(sql`
      insert into blade_log_app_visit (id, tenant_id, user_id, account, dept_id, app_id, app_name, ip, user_agent, create_time)
      select 10000000 + g, '000000', 0, 'bench' || (g % 500), 0, 1000 + (g % 37), '应用' || (g % 37), '10.0.0.1', 'bench', ${spread}
      from generate_series(1, ${visits}) g`);
    await db.execute(sql`analyze blade_log_login`);
    await db.execute(sql`analyze blade_log_app_visit`);
  } finally {
    await database.close();
  }
}

export async function benchDashboard(opts: { login?: number; visits?: number } = {}): Promise<DashboardBenchResult> {
  const login = opts.login ?? 600_000;
  const visits = opts.visits ?? 400_000;
  const dataDir = mkdtempSync(join(tmpdir(), "blade-bench-dashboard-"));
  const password = `Bn!${randomBytes(5).toString("hex")}#1A`;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    console.log(`[dashboard] Seeding ${login + visits} log rows …`);
    const t = Date.now();
    await seedLogs(dataDir, password, login, visits);
    const seconds = (Date.now() - t) / 1000;
    console.log("[dashboard] Starting the server …");
    server = await startServer({ BLADE_DATA_DIR: dataDir, BLADE_ADMIN_PASSWORD: password, DATABASE_URL: undefined, VITE_CAPTCHA_MODE: "false" });
    const token = await createBladeApi(server.baseUrl).token("admin", password);
    const headers = { Authorization: basicAuthHeader(), "Blade-Auth": `bearer ${token}` };
    const api: DashboardBenchResult["api"] = {};
    for (const name of ENDPOINTS) {
      const path = `/api/blade-system/dashboard/${name}`;
      const get = async () => {
        const res = await fetch(`${server!.baseUrl}${path}`, { headers });
        const body = (await res.json()) as { code: number };
        if (body.code !== 200) throw new Error(`GET ${path}: code ${body.code}`);
      };
      for (let i = 0; i < WARMUP; i++) await get();
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const s = performance.now();
        await get();
        times.push(performance.now() - s);
      }
      api[name] = { path, ...summarize(times) };
    }
    const budgets = Object.entries(api).map(([name, f]) => ({
      name: `dashboard/${name} p95 over ${login + visits} log rows`,
      pass: f.p95 <= DASHBOARD_BUDGET_P95_MS,
      detail: `${f.p95} ms ≤ ${DASHBOARD_BUDGET_P95_MS} ms`,
    }));
    return { rows: { login, visits }, seeding: { seconds }, api, budgets };
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printDashboard(r: DashboardBenchResult): void {
  console.log(`\nDashboard: ${r.rows.login} sign-ins + ${r.rows.visits} visits, seeded in ${r.seeding.seconds.toFixed(1)} s`);
  for (const [key, f] of Object.entries(r.api)) console.log(`  ${key.padEnd(26)} p50 ${f.p50} ms  p95 ${f.p95} ms  max ${f.max} ms`);
  for (const b of r.budgets) console.log(`  ${b.pass ? "✓" : "✗"} ${b.name}: ${b.detail}`);
}
