/**
 * User export bench: the production server on PGlite with N users (default 100,000, seeded
 * directly), then GET /api/blade-user/export-user downloaded by a client that reads as fast as it
 * can — every user once cold, then about a tenth of them (`account=bench0`) and every user again.
 * Measured: time to the last byte, bytes, and the server's resident memory (sampled every 50 ms
 * from /proc). The export streams in batches, so its peak above the idle server must not grow
 * with the rows: the budget compares the two warm peaks, and caps the full export's.
 *
 *   import { benchUserExport, printUserExport } from "./user-export";
 *   printUserExport(await benchUserExport({ users: 100_000 }));
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBladeApi } from "../scripts/lib/blade-api";
import { measuredDownload, type DownloadRun } from "./measured-download";
import { startProductionServer } from "./production-server";
import { seedUsers } from "./seed-users";

/** Above the idle server, for the whole export, whatever the row count. */
export const EXPORT_PEAK_BUDGET_MB = 150;
/** The full export's peak over the tenth's: flat memory means about 1. */
export const EXPORT_GROWTH_BUDGET = 1.5;

export type ExportRun = DownloadRun;

const mb = (bytes: number) => Math.round(bytes / 1e6);

export interface UserExportResult {
  users: number;
  seedingSeconds: number;
  runs: ExportRun[];
  budgets: { name: string; pass: boolean; detail: string }[];
}

/** One export-user download read to its end, with the server's memory sampled meanwhile. */
const download = (server: { baseUrl: string; pid: number }, token: string, filter: Record<string, string>, rows: number) =>
  measuredDownload(server, token, "/api/blade-user/export-user", filter, rows);

export async function benchUserExport({ users = 100_000 }: { users?: number } = {}): Promise<UserExportResult> {
  const dataDir = mkdtempSync(join(tmpdir(), "blade-bench-export-"));
  const distDir = mkdtempSync(join(tmpdir(), "blade-bench-dist-"));
  const password = `Bx!${randomBytes(5).toString("hex")}#1A`;
  try {
    console.log(`User export: seeding ${users} users …`);
    const seedStart = performance.now();
    await seedUsers({ dataDir, users, adminPassword: password });
    const seedingSeconds = Math.round((performance.now() - seedStart) / 100) / 10;
    const server = await startProductionServer({ BLADE_DATA_DIR: dataDir, BLADE_DIST_DIR: distDir, BLADE_ADMIN_PASSWORD: password, DATABASE_URL: undefined });
    try {
      const token = await createBladeApi(server.baseUrl).token("admin", password);
      // The first export loads exceljs and warms the statements: not what is measured.
      await download(server, token, { account: "nobody-matches" }, 0);
      // A cold full export fills PGlite's buffer cache with the whole table and grows V8's heap to
      // its working size: reported, but the budgets compare warm runs, where only the export's own
      // memory can differ between a tenth of the rows and all of them.
      const cold = await download(server, token, {}, users + 1);
      cold.filter = "(none, cold)";
      // bench00001 … bench09999 (all of them below 10,000 users).
      const runs = [
        cold,
        await download(server, token, { account: "bench0" }, Math.min(users, 9_999)),
        await download(server, token, {}, users + 1), // every bench user and the administrator
      ];
      const [, small, full] = runs;
      const growth = small.peakAboveIdleMB > 0 ? full.peakAboveIdleMB / small.peakAboveIdleMB : full.peakAboveIdleMB > 0 ? Infinity : 1;
      const budgets = [
        { name: `export of ${full.rows} users ≤ ${EXPORT_PEAK_BUDGET_MB} MB above the idle server`, pass: full.peakAboveIdleMB <= EXPORT_PEAK_BUDGET_MB, detail: `${full.peakAboveIdleMB} MB` },
        {
          name: `memory flat in the rows: peak(${full.rows}) ≤ ${EXPORT_GROWTH_BUDGET} × peak(${small.rows})`,
          // Peaks of a few MB are noise; only a real growth counts.
          pass: growth <= EXPORT_GROWTH_BUDGET || full.peakAboveIdleMB - small.peakAboveIdleMB <= 20,
          detail: `${full.peakAboveIdleMB} MB vs ${small.peakAboveIdleMB} MB`,
        },
      ];
      return { users, seedingSeconds, runs, budgets };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(distDir, { recursive: true, force: true });
  }
}

export function printUserExport(r: UserExportResult): void {
  console.log(`\nUser export (production server on PGlite, ${r.users} users, seeded in ${r.seedingSeconds} s)`);
  console.log("  filter              rows      time     rows/s      bytes   RSS before → peak (above idle)");
  for (const x of r.runs) {
    console.log(
      `  ${x.filter.padEnd(16)} ${String(x.rows).padStart(7)} ${`${x.seconds} s`.padStart(9)} ${String(x.rowsPerSecond).padStart(10)} ${`${mb(x.bytes)} MB`.padStart(10)}   ${x.rssBeforeMB} → ${x.rssPeakMB} MB (+${x.peakAboveIdleMB})`,
    );
  }
  for (const b of r.budgets) console.log(`  ${b.pass ? "PASS" : "FAIL"}  ${b.name}: ${b.detail}`);
}

// `npx tsx bench/user-export.ts [users]` runs it alone.
if (process.argv[1]?.endsWith("user-export.ts")) {
  const users = Number(process.argv[2] ?? 100_000);
  benchUserExport({ users })
    .then((r) => {
      printUserExport(r);
      process.exit(r.budgets.every((b) => b.pass) ? 0 : 1);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
