/**
 * Operation-log export bench: the production server on PGlite over N operation-log rows (default
 * 1,000,000, written by the bench straight into a fresh data directory before the server starts),
 * then GET /api/blade-log/operationLog/download read by a client as fast as it can — a tenth of the
 * rows (`account=bench7`) and every row. Measured: time to the last byte, bytes, and the server's
 * resident memory (sampled every 50 ms from /proc). The export streams CSV in keyset batches, so
 * its peak must not grow with the rows: the budget compares the tenth's peak with the whole's.
 *
 *   npx tsx bench/log-export.ts [rows]      alone
 *   npm run bench -- --only=logExport       from bench/run.ts
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { createBladeApi } from "../scripts/lib/blade-api";
import { openDatabase } from "../server/db/connection";
import { seedIfFirstStart } from "../server/db/seed";
import { measuredDownload, type DownloadRun } from "./measured-download";
import { startProductionServer } from "./production-server";

/** Above the idle server, for the whole export, whatever the row count. */
export const LOG_EXPORT_PEAK_BUDGET_MB = 150;
/** The whole export's peak over the tenth's: flat memory means about 1. */
export const LOG_EXPORT_GROWTH_BUDGET = 1.5;

export type LogExportRun = DownloadRun;

export interface LogExportResult {
  rows: number;
  seedingSeconds: number;
  runs: LogExportRun[];
  budgets: { name: string; pass: boolean; detail: string }[];
}

const mb = (bytes: number) => Math.round(bytes / 1e6);
const BATCH = 100_000;

/**
 * N rows of tenant 000000 in one generate_series per batch: accounts bench0 … bench9 in turn, a
 * second apart backwards from now, each with a summary and a user agent of realistic length. The
 * hashes are placeholders (the bench measures the export, not the chain).
 */
export async function seedLogs(dataDir: string, rows: number, adminPassword: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    const { db } = database;
    await database.migrate();
    await seedIfFirstStart(db, { adminPassword, captchaRequired: false });
    for (let start = 1; start <= rows; start += BATCH) {
      const end = Math.min(rows, start + BATCH - 1);
      await db.execute(sql`
        insert into blade_log_operation (id, tenant_id, seq, user_id, account, dept_id, title, permission_code, method, request_uri,
          table_name, action, record_ids, summary, ip, user_agent, create_time, prev_hash, hash)
        select 1000000000000 + i, '000000', i, 1, 'bench' || (i % 10), 1, '机构管理-修改', 'dept_edit', 'POST', '/api/blade-system/dept/submit',
          'blade_dept', 'update', (2000000000000 + i)::text,
          '{"' || (2000000000000 + i) || '":{"deptName":["部门' || i || '","部门' || (i + 1) || '"],"sort":[1,2]}}',
          '10.0.' || (i % 256) || '.' || (i % 199), 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/124 Safari/537.36',
          localtimestamp(0) - make_interval(secs => ${rows} - i), '', encode(sha256(i::text::bytea), 'hex')
        from generate_series(${start}::bigint, ${end}::bigint) as i`);
    }
    await db.execute(sql`vacuum analyze blade_log_operation`);
  } finally {
    await database.close();
  }
}

/** One download read to its end (rows counted as its lines), with the server's memory sampled meanwhile. */
async function download(server: { baseUrl: string; pid: number }, token: string, filter: Record<string, string>, rows: number): Promise<LogExportRun> {
  const run = await measuredDownload(server, token, "/api/blade-log/operationLog/download", filter);
  // Each export is itself logged first, so "every row" grows by one per export before it.
  if (run.rows < rows) throw new Error(`expected at least ${rows} rows, the file had ${run.rows}`);
  return run;
}

export async function benchLogExport({ rows = 1_000_000 }: { rows?: number } = {}): Promise<LogExportResult> {
  const dataDir = mkdtempSync(join(tmpdir(), "blade-bench-logs-"));
  const distDir = mkdtempSync(join(tmpdir(), "blade-bench-dist-"));
  const password = `Bx!${randomBytes(5).toString("hex")}#1A`;
  try {
    console.log(`Log export: seeding ${rows} operation-log rows …`);
    const seedStart = performance.now();
    await seedLogs(dataDir, rows, password);
    const seedingSeconds = Math.round((performance.now() - seedStart) / 100) / 10;
    const server = await startProductionServer({ BLADE_DATA_DIR: dataDir, BLADE_DIST_DIR: distDir, BLADE_ADMIN_PASSWORD: password, DATABASE_URL: undefined });
    try {
      const token = await createBladeApi(server.baseUrl).token("admin", password);
      // Warms the statements and the buffer cache: not what is measured.
      await download(server, token, { account: "nobody-matches" }, 0);
      const cold = await download(server, token, {}, rows);
      cold.filter = "(none, cold)";
      const runs = [cold, await download(server, token, { account: "bench7" }, Math.floor(rows / 10)), await download(server, token, {}, rows)];
      const [, small, full] = runs;
      const growth = small.peakAboveIdleMB > 0 ? full.peakAboveIdleMB / small.peakAboveIdleMB : full.peakAboveIdleMB > 0 ? Infinity : 1;
      const budgets = [
        {
          name: `export of ${full.rows} log rows ≤ ${LOG_EXPORT_PEAK_BUDGET_MB} MB above the idle server`,
          pass: full.peakAboveIdleMB <= LOG_EXPORT_PEAK_BUDGET_MB,
          detail: `${full.peakAboveIdleMB} MB`,
        },
        {
          name: `memory flat in the rows: peak(${full.rows}) ≤ ${LOG_EXPORT_GROWTH_BUDGET} × peak(${small.rows})`,
          // Peaks of a few MB are noise; only a real growth counts.
          pass: growth <= LOG_EXPORT_GROWTH_BUDGET || full.peakAboveIdleMB - small.peakAboveIdleMB <= 20,
          detail: `${full.peakAboveIdleMB} MB vs ${small.peakAboveIdleMB} MB`,
        },
      ];
      return { rows, seedingSeconds, runs, budgets };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(distDir, { recursive: true, force: true });
  }
}

export function printLogExport(r: LogExportResult): void {
  console.log(`\nOperation-log export (production server on PGlite, ${r.rows} rows, seeded in ${r.seedingSeconds} s)`);
  console.log("  filter              rows      time     rows/s      bytes   RSS before → peak (above idle)");
  for (const x of r.runs) {
    console.log(
      `  ${x.filter.padEnd(16)} ${String(x.rows).padStart(7)} ${`${x.seconds} s`.padStart(9)} ${String(x.rowsPerSecond).padStart(10)} ${`${mb(x.bytes)} MB`.padStart(10)}   ${x.rssBeforeMB} → ${x.rssPeakMB} MB (+${x.peakAboveIdleMB})`,
    );
  }
  for (const b of r.budgets) console.log(`  ${b.pass ? "PASS" : "FAIL"}  ${b.name}: ${b.detail}`);
}

if (process.argv[1]?.endsWith("log-export.ts")) {
  const rows = Number(process.argv[2] ?? 1_000_000);
  benchLogExport({ rows })
    .then((r) => {
      printLogExport(r);
      process.exit(r.budgets.every((b) => b.pass) ? 0 : 1);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
