/**
 * Lighthouse bench: Lighthouse's desktop preset on /login of the console, built for production
 * and served by the production server (compressed, bench/production-server.ts), beside a bare
 * refine + antd app (bench/bare-app) built the same way and served by the same server/web.ts —
 * in the same run, alternating, so that both see the same machine. Each figure is the median run.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { serve } from "@hono/node-server";
import { chromium } from "@playwright/test";
import react from "@vitejs/plugin-react";
import * as chromeLauncher from "chrome-launcher";
import { Hono } from "hono";
import lighthouse, { desktopConfig } from "lighthouse";
import { compression } from "vite-plugin-compression2";
import { chooseChromium, SYSTEM_CHROMIUM } from "../scripts/lib/chromium";
import { webApp } from "../server/web";
import { startProductionServer } from "./production-server";

export const SCORE_BUDGET = 98;
export const LCP_BUDGET_MS = 900;
const OUT = ".bench/lighthouse";
const PAGE = "/login";

export interface LighthouseRun {
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  transferKB: number;
  lcpElement: string;
}

export interface LighthouseResult {
  page: string;
  runs: number;
  apps: Record<"console" | "bare refine + antd", LighthouseRun & { scores: number[]; lcpsMs: number[] }>;
  budgets: { name: string; pass: boolean; detail: string }[];
}

function chromePath(): string {
  const choice = chooseChromium();
  if (choice.kind === "override" || choice.kind === "system") return choice.executablePath;
  if (choice.kind === "bundled") return chromium.executablePath();
  return SYSTEM_CHROMIUM;
}

async function buildConsole(outDir: string): Promise<void> {
  const { build } = await import("vite");
  await build({ configFile: resolve("vite.config.ts"), mode: "production", logLevel: "warn", build: { outDir, emptyOutDir: true } });
}

async function buildBareApp(outDir: string): Promise<void> {
  const { build } = await import("vite");
  await build({
    configFile: false,
    root: resolve("bench/bare-app"),
    mode: "production",
    logLevel: "warn",
    plugins: [react(), compression({ algorithms: ["brotliCompress", "gzip"], threshold: 1024 })],
    build: { outDir: resolve(outDir), emptyOutDir: true },
  });
}

/** The bare app behind server/web.ts, with an API that knows nothing. */
async function serveBareApp(distDir: string): Promise<{ baseUrl: string; close(): void }> {
  const api = new Hono();
  api.all("*", (c) => c.json({ code: 404 }, 404));
  const server = serve({ fetch: webApp(api, distDir).fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((ok) => server.once("listening", () => ok()));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/** Lighthouse sometimes loses a trace on a busy machine (NO_NAVSTART, NO_FCP): such a run is repeated. */
async function audit(url: string, attempts = 3): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url);
    } catch (err) {
      if (attempt >= attempts || !(err instanceof LighthouseRuntimeError)) throw err;
      console.log(`  (${err.message}; again)`);
    }
  }
}

class LighthouseRuntimeError extends Error {}

async function auditOnce(url: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: chromePath(), chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] }, desktopConfig);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new LighthouseRuntimeError(`Lighthouse on ${url}: ${lhr.runtimeError.code}`);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const lcpItem = (lhr.audits["largest-contentful-paint-element"]?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)?.items?.[0]?.items?.[0];
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: Math.round(value("largest-contentful-paint")),
      fcpMs: Math.round(value("first-contentful-paint")),
      tbtMs: Math.round(value("total-blocking-time")),
      transferKB: Math.round(value("total-byte-weight") / 1000),
      lcpElement: lcpItem?.node?.snippet ?? "",
    };
  } finally {
    chrome.kill();
  }
}

/** Each figure's median over the runs (the LCP element of the median-score run), every score beside. */
function median(runs: LighthouseRun[]): LighthouseRun & { scores: number[]; lcpsMs: number[] } {
  const mid = <T>(sorted: T[]) => sorted[Math.floor((sorted.length - 1) / 2)];
  const of = (key: "score" | "lcpMs" | "fcpMs" | "tbtMs" | "transferKB") => mid(runs.map((r) => r[key]).sort((a, b) => a - b));
  return {
    score: of("score"),
    lcpMs: of("lcpMs"),
    fcpMs: of("fcpMs"),
    tbtMs: of("tbtMs"),
    transferKB: of("transferKB"),
    lcpElement: mid([...runs].sort((a, b) => a.score - b.score)).lcpElement,
    scores: runs.map((r) => r.score),
    lcpsMs: runs.map((r) => r.lcpMs),
  };
}

export async function benchLighthouse(opts: { runs: number }): Promise<LighthouseResult> {
  console.log(`Building the console and the bare refine + antd app into ${OUT} …`);
  await buildConsole(join(OUT, "console"));
  await buildBareApp(join(OUT, "bare"));

  const dataDir = mkdtempSync(join(tmpdir(), "blade-bench-lighthouse-"));
  const ours = await startProductionServer({
    BLADE_DATA_DIR: dataDir,
    BLADE_DIST_DIR: resolve(OUT, "console"),
    BLADE_ADMIN_PASSWORD: `Bl!${randomBytes(5).toString("hex")}#1A`,
    DATABASE_URL: undefined,
  });
  const bare = await serveBareApp(join(OUT, "bare"));
  try {
    const runs: Record<"console" | "bare refine + antd", LighthouseRun[]> = { console: [], "bare refine + antd": [] };
    // One unmeasured load each, so that neither pays for a cold server or disk cache.
    await audit(`${ours.baseUrl}${PAGE}`);
    await audit(`${bare.baseUrl}${PAGE}`);
    for (let i = 1; i <= opts.runs; i++) {
      for (const [name, baseUrl] of [["console", ours.baseUrl], ["bare refine + antd", bare.baseUrl]] as const) {
        const run = await audit(`${baseUrl}${PAGE}`);
        console.log(`  run ${i}/${opts.runs} ${name.padEnd(18)} score ${run.score}  LCP ${run.lcpMs} ms`);
        runs[name].push(run);
      }
    }
    const apps = { console: median(runs.console), "bare refine + antd": median(runs["bare refine + antd"]) };
    const budgets = [
      { name: `console ${PAGE} performance ≥ ${SCORE_BUDGET}`, pass: apps.console.score >= SCORE_BUDGET, detail: `${apps.console.score} (bare app ${apps["bare refine + antd"].score})` },
      { name: `console ${PAGE} LCP ≤ ${LCP_BUDGET_MS / 1000} s`, pass: apps.console.lcpMs <= LCP_BUDGET_MS, detail: `${(apps.console.lcpMs / 1000).toFixed(2)} s (bare app ${(apps["bare refine + antd"].lcpMs / 1000).toFixed(2)} s)` },
    ];
    return { page: PAGE, runs: opts.runs, apps, budgets };
  } finally {
    bare.close();
    await ours.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printLighthouse(r: LighthouseResult): void {
  console.log(`\nLighthouse desktop ${r.page} (median of ${r.runs} runs, served with brotli/gzip)`);
  console.log(`  ${"app".padEnd(20)} ${"score".padStart(5)} ${"LCP".padStart(8)} ${"FCP".padStart(8)} ${"TBT".padStart(6)} ${"bytes".padStart(8)}  scores / LCPs`);
  for (const [name, a] of Object.entries(r.apps)) {
    console.log(
      `  ${name.padEnd(20)} ${String(a.score).padStart(5)} ${`${a.lcpMs} ms`.padStart(8)} ${`${a.fcpMs} ms`.padStart(8)} ${`${a.tbtMs} ms`.padStart(6)} ${`${a.transferKB} kB`.padStart(8)}  ${a.scores.join(" ")} / ${a.lcpsMs.join(" ")}`,
    );
  }
  console.log(`  LCP element of the console: ${r.apps.console.lcpElement || "?"}`);
  console.log("\nBudgets");
  for (const b of r.budgets) console.log(`  ${b.pass ? "PASS" : "FAIL"}  ${b.name}: ${b.detail}`);
}
