/**
 * Department bench: 50,000 departments written straight into a fresh data directory (one group of
 * 1,000 departments with 49 below each), the server started on it, then
 *   - the API: p95 of the lazy tree's 1,000 children (lazy-tree, and the tree table's lazy-list with
 *     its labels), and of the server search the tree select filters with;
 *   - the browser (Chromium, the production build with captcha off): time for the department form's
 *     parent tree select to open, to show the 1,000 children of a level, and to show the matches of
 *     a typed word (including its 300 ms typing pause).
 * Exported for bench/run.ts: benchDept() measures, printDept() prints.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { and, eq } from "drizzle-orm";
import { chromium, type Page } from "@playwright/test";
import { chooseChromium } from "../scripts/lib/chromium";
import { basicAuthHeader, createBladeApi, ok } from "../scripts/lib/blade-api";
import { summarize, type Latency } from "../scripts/lib/stats";
import { openDatabase } from "../server/db/connection";
import { nextId } from "../server/db/ids";
import { dept, user } from "../server/db/schema";
import { seedIfFirstStart } from "../server/db/seed";
import { formatDateTime } from "../server/db/time";
import { startServer } from "./server";

const TENANT = "000000";
const GROUP = "压测集团";
const BATCH = 1000;
const WARMUP = 20;
const SAMPLES = 200;
/** Reads right after a write are slower (nothing remembered): fewer of them. */
const COLD_SAMPLES = 50;
const BROWSER_RUNS = 10;
const CONSOLE_OUT = ".bench/dept-console";

/** The budgets, checked beside the figures. */
export const DEPT_BUDGETS = { lazyTreeP95Ms: 250, lazyTreeAfterWriteP95Ms: 250, openP95Ms: 1000, expandP95Ms: 1500, filterP95Ms: 2000 };

export interface DeptBenchOptions {
  /** Departments written besides the seed's three (default 50,000). */
  departments?: number;
  /** Children of the one big level (default 1,000). */
  children?: number;
  /** false: the API figures only (no console build, no Chromium). */
  browser?: boolean;
}

export interface DeptBenchResult {
  departments: number;
  children: number;
  seeding: { seconds: number };
  api: Record<"lazyTree" | "lazyTreeAfterWrite" | "lazyList" | "lazyListAfterWrite" | "search", Latency & { path: string; rows: number }>;
  browser: { open: Latency; expand: Latency; filter: Latency; note: string } | { skipped: string };
  budgets: { name: string; pass: boolean; detail: string }[];
}

const name = (i: number) => `压测机构${String(i).padStart(4, "0")}`;

/** The big level (GROUP, top level) with `children` departments, each with an equal share of the rest below it. */
async function seedDepartments(dataDir: string, total: number, children: number, adminPassword: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    const { db } = database;
    await database.migrate();
    await seedIfFirstStart(db, { adminPassword, captchaRequired: false });
    const [admin] = await db.select({ id: user.id }).from(user).where(and(eq(user.tenantId, TENANT), eq(user.account, "admin")));
    const now = formatDateTime(new Date());
    const audit = { tenantId: TENANT, deptCategory: 2, createUser: admin.id, updateUser: admin.id, createTime: now, updateTime: now };
    const group = nextId();
    const rows: (typeof dept.$inferInsert)[] = [{ ...audit, id: group, parentId: "0", ancestors: "0", deptName: GROUP, fullName: GROUP, deptCategory: 1, sort: 99 }];
    const below = Math.max(0, Math.floor((total - 1 - children) / children));
    for (let i = 0; i < children; i++) {
      const id = nextId();
      rows.push({ ...audit, id, parentId: group, ancestors: `0,${group}`, deptName: name(i), fullName: name(i), sort: i });
      for (let j = 0; j < below; j++) {
        const sub = `${name(i)}_${j}`;
        rows.push({ ...audit, id: nextId(), parentId: id, ancestors: `0,${group},${id}`, deptName: sub, fullName: sub, deptCategory: 3, sort: j });
      }
    }
    for (let i = 0; i < rows.length; i += BATCH) await db.insert(dept).values(rows.slice(i, i + BATCH));
  } finally {
    await database.close();
  }
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** The production console with captcha off (the seeded client allows the password grant). */
async function buildConsole(): Promise<string> {
  const { build } = await import("vite");
  const outDir = resolve(CONSOLE_OUT);
  const before = process.env.VITE_CAPTCHA_MODE;
  process.env.VITE_CAPTCHA_MODE = "false";
  try {
    await build({ configFile: resolve("vite.config.ts"), mode: "production", logLevel: "warn", build: { outDir, emptyOutDir: true } });
  } finally {
    if (before === undefined) delete process.env.VITE_CAPTCHA_MODE;
    else process.env.VITE_CAPTCHA_MODE = before;
  }
  return outDir;
}

/** Milliseconds from `act` until `until` holds (polled by Playwright). */
async function measure(act: () => Promise<void>, until: () => Promise<void>): Promise<number> {
  const t = performance.now();
  await act();
  await until();
  return performance.now() - t;
}

async function benchTreeSelect(page: Page, baseUrl: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByPlaceholder(/^(账号|请输入账号)$/).fill("admin");
  await page.getByPlaceholder(/^(密码|请输入密码)$/).fill(password);
  await page.getByRole("button", { name: /登\s*录/ }).click();
  await page.waitForURL(/\/workbench\/index/, { timeout: 60_000 });
  await page.goto(`${baseUrl}/system/dept`);
  await page.getByRole("cell", { name: GROUP, exact: true }).waitFor({ timeout: 60_000 });

  const dropdown = page.locator(".ant-select-dropdown:visible");
  const open: number[] = [];
  const expand: number[] = [];
  const filter: number[] = [];
  for (let run = 0; run < BROWSER_RUNS; run++) {
    await page.getByRole("button", { name: /新\s*增/ }).click();
    const dialog = page.getByRole("dialog");
    const box = dialog.getByRole("combobox", { name: "上级机构" });
    await dialog.getByLabel("机构名称").waitFor();
    // Open: the top level shown (it is fetched when the form opens, as an operator sees it).
    open.push(await measure(() => box.click(), () => dropdown.locator(".ant-select-tree-title").filter({ hasText: GROUP }).first().waitFor()));
    // Expand the level of 1,000: its first departments rendered by the virtual list.
    const groupNode = dropdown.locator(".ant-select-tree-treenode").filter({ hasText: GROUP }).first();
    expand.push(await measure(() => groupNode.locator(".ant-select-tree-switcher").click(), () => dropdown.getByText(name(0), { exact: true }).waitFor()));
    // Filter: a word typed, the server's match shown (after the select's 300 ms pause).
    const word = name(137 + run * 71);
    filter.push(await measure(() => box.fill(word), () => dropdown.locator(".ant-select-tree-title").filter({ hasText: word }).first().waitFor()));
    // Escape closes the dropdown, and with it, depending on focus, the dialog too.
    await page.keyboard.press("Escape");
    await dropdown.first().waitFor({ state: "hidden" });
    if (await dialog.isVisible()) await dialog.getByRole("button", { name: /取\s*消/ }).click();
    await dialog.waitFor({ state: "hidden" });
  }
  return { open: summarize(open), expand: summarize(expand), filter: summarize(filter) };
}

export async function benchDept(opts: DeptBenchOptions = {}): Promise<DeptBenchResult> {
  const total = opts.departments ?? 50_000;
  const children = opts.children ?? 1000;
  const dataDir = mkdtempSync(join(tmpdir(), "blade-bench-dept-"));
  const password = `Bn!${randomBytes(5).toString("hex")}#1A`;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    console.log(`[dept] Seeding ${total} departments (${children} in one level) …`);
    const t = Date.now();
    await seedDepartments(dataDir, total, children, password);
    const seconds = (Date.now() - t) / 1000;
    const distDir = opts.browser === false ? undefined : (console.log("[dept] Building the console (captcha off) …"), await buildConsole());
    console.log("[dept] Starting the server …");
    server = await startServer({ BLADE_DATA_DIR: dataDir, BLADE_ADMIN_PASSWORD: password, BLADE_DIST_DIR: distDir, DATABASE_URL: undefined, VITE_CAPTCHA_MODE: "false" });
    const api = createBladeApi(server.baseUrl);
    const token = await api.token("admin", password);
    const top = ok(await api.get<{ id: string; title: string }[]>(token, "/blade-system/dept/lazy-tree", { parentId: "0" }), "top level");
    const group = top.find((n) => n.title === GROUP)!.id;

    const headers = { Authorization: basicAuthHeader(), "Blade-Auth": `bearer ${token}` };
    const [leaf] = ok(await api.get<{ id: string }[]>(token, "/blade-system/dept/lazy-list", { deptName: `${name(999)}_0` }), "a leaf");
    // A write between reads: the embedded database's read cache starts again, as after any change.
    let writes = 0;
    const write = async () => ok(await api.post(token, "/blade-system/dept/submit", { id: leaf.id, sort: ++writes % 1000 }), "a write");
    const sample = async (path: string, { afterWrite = false, samples = SAMPLES } = {}) => {
      let rows = 0;
      const get = async () => {
        const res = await fetch(`${server!.baseUrl}${path}`, { headers });
        const body = (await res.json()) as { code: number; data: unknown[] };
        if (body.code !== 200) throw new Error(`GET ${path}: code ${body.code}`);
        rows = body.data.length;
      };
      for (let i = 0; i < WARMUP; i++) await get();
      const times: number[] = [];
      for (let i = 0; i < samples; i++) {
        if (afterWrite) await write();
        times.push(await timed(get));
      }
      return { path, rows, ...summarize(times) };
    };
    console.log(`[dept] Measuring the API (${WARMUP} warm-up, ${SAMPLES} timed each; ${COLD_SAMPLES} right after a write) …`);
    const apiFigures = {
      lazyTree: await sample(`/api/blade-system/dept/lazy-tree?parentId=${group}`),
      lazyTreeAfterWrite: await sample(`/api/blade-system/dept/lazy-tree?parentId=${group}`, { afterWrite: true, samples: COLD_SAMPLES }),
      lazyList: await sample(`/api/blade-system/dept/lazy-list?parentId=${group}`),
      lazyListAfterWrite: await sample(`/api/blade-system/dept/lazy-list?parentId=${group}`, { afterWrite: true, samples: COLD_SAMPLES }),
      search: await sample(`/api/blade-system/dept/lazy-list?deptName=${encodeURIComponent(name(420))}`),
    };

    let browser: DeptBenchResult["browser"] = { skipped: "--browser off" };
    const choice = chooseChromium();
    if (distDir && choice.kind === "none") browser = { skipped: choice.reason };
    else if (distDir) {
      console.log(`[dept] Measuring the tree select in Chromium (${BROWSER_RUNS} runs) …`);
      const launched = await chromium.launch(choice.kind === "override" || choice.kind === "system" ? { executablePath: choice.executablePath, args: choice.args } : {});
      try {
        const page = await launched.newPage({ viewport: { width: 1440, height: 900 }, locale: "zh-CN" });
        const figures = await benchTreeSelect(page, server.baseUrl, password);
        browser = { ...figures, note: "filter includes the select's 300 ms typing pause" };
      } finally {
        await launched.close();
      }
    }

    const budgets: DeptBenchResult["budgets"] = [
      { name: "lazy-tree 1,000 children p95", pass: apiFigures.lazyTree.p95 <= DEPT_BUDGETS.lazyTreeP95Ms, detail: `${apiFigures.lazyTree.p95} ms ≤ ${DEPT_BUDGETS.lazyTreeP95Ms} ms` },
      {
        name: "lazy-tree 1,000 children p95, right after a write",
        pass: apiFigures.lazyTreeAfterWrite.p95 <= DEPT_BUDGETS.lazyTreeAfterWriteP95Ms,
        detail: `${apiFigures.lazyTreeAfterWrite.p95} ms ≤ ${DEPT_BUDGETS.lazyTreeAfterWriteP95Ms} ms`,
      },
    ];
    if ("open" in browser) {
      budgets.push(
        { name: "tree select open p95", pass: browser.open.p95 <= DEPT_BUDGETS.openP95Ms, detail: `${browser.open.p95} ms ≤ ${DEPT_BUDGETS.openP95Ms} ms` },
        { name: "tree select 1,000 children p95", pass: browser.expand.p95 <= DEPT_BUDGETS.expandP95Ms, detail: `${browser.expand.p95} ms ≤ ${DEPT_BUDGETS.expandP95Ms} ms` },
        { name: "tree select filter p95", pass: browser.filter.p95 <= DEPT_BUDGETS.filterP95Ms, detail: `${browser.filter.p95} ms ≤ ${DEPT_BUDGETS.filterP95Ms} ms` },
      );
    }
    return { departments: total + 3, children, seeding: { seconds }, api: apiFigures, browser, budgets };
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printDept(r: DeptBenchResult): void {
  console.log(`\nDepartments: ${r.departments} (one level of ${r.children}), seeded in ${r.seeding.seconds.toFixed(1)} s`);
  for (const [key, f] of Object.entries(r.api)) {
    console.log(`  ${key.padEnd(18)} ${f.rows} rows  p50 ${f.p50} ms  p95 ${f.p95} ms  max ${f.max} ms   ${f.path}`);
  }
  if ("skipped" in r.browser) console.log(`  tree select: not measured (${r.browser.skipped})`);
  else {
    const b = r.browser;
    console.log(`  tree select open     p50 ${b.open.p50} ms  p95 ${b.open.p95} ms`);
    console.log(`  tree select expand   p50 ${b.expand.p50} ms  p95 ${b.expand.p95} ms (level of ${r.children})`);
    console.log(`  tree select filter   p50 ${b.filter.p50} ms  p95 ${b.filter.p95} ms (${b.note})`);
  }
  for (const b of r.budgets) console.log(`  ${b.pass ? "✓" : "✗"} ${b.name}: ${b.detail}`);
}

// `npx tsx bench/dept.ts [--api-only]`: this part alone.
if (process.argv[1] && resolve(process.argv[1]) === resolve("bench/dept.ts")) {
  benchDept({ browser: !process.argv.includes("--api-only") }).then(
    (r) => {
      printDept(r);
      process.exit(r.budgets.every((b) => b.pass) ? 0 : 1);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
