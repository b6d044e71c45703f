/**
 * npm test: type check and lint (side by side), unit tests, build, refine CLI, end-to-end journeys — in that order, each
 * streaming its output, every suite running even after another failed. Ends with a summary
 * table and a closing line `N passed, N failed` (CI reads only that line).
 *
 *   npm test                      everything
 *   npm test -- --no-e2e          skip a suite (--no-tsc, --no-eslint, --no-unit, --no-build, --no-cli, --no-e2e)
 *   npm test -- --only=unit,tsc   only these suites (e2e always builds the console first)
 *
 * The console is built twice: `build` is the build check (dist/, production defaults); `e2e`
 * builds .e2e-dist/ with test-friendly settings (scripts/lib/e2e-build.ts), which the journeys'
 * server serves through BLADE_DIST_DIR. `cli` runs `npm run refine -- add resource` on a copy of the
 * repository and type-checks and builds the result (scripts/refine-cli-check.ts).
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { chooseChromium, describeChromium } from "./lib/chromium";
import { E2E_BUILD_ARGS, E2E_BUILD_ENV, stampE2eBuild } from "./lib/e2e-build";
import { capture, freePort, run } from "./lib/proc";
import { playwrightCounts, settle, vitestCounts, type Counts } from "./lib/reports";

const SUITES = ["tsc", "eslint", "unit", "build", "cli", "e2e"] as const;
type Suite = (typeof SUITES)[number];

const VITEST_JSON = "test-results/vitest.json";
const E2E_JSON = "test-results/e2e-results.json";

interface Result extends Counts {
  suite: Suite;
  seconds: number;
  note?: string;
}

function selectSuites(argv: string[]): Set<Suite> {
  const known = new Set<string>(SUITES);
  let chosen = new Set<Suite>(SUITES);
  for (const arg of argv) {
    const only = /^--only=(.+)$/.exec(arg);
    const skip = /^--no-(.+)$/.exec(arg);
    const names = only ? only[1].split(",") : skip ? [skip[1]] : null;
    if (!names || names.some((n) => !known.has(n))) {
      console.error(`unknown option ${arg}; suites: ${SUITES.join(", ")}; options: --only=a,b  --no-<suite>`);
      process.exit(2);
    }
    if (only) chosen = new Set(names as Suite[]);
    else chosen.delete(names[0] as Suite);
  }
  if (chosen.has("e2e")) chosen.add("build"); // the journeys need the console built now
  return chosen;
}

const check = (code: number): Counts => ({ passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 });
const failedWith = (note: string): Counts & { note: string } => ({ passed: 0, failed: 1, skipped: 0, note });

function readReport(path: string): string {
  return existsSync(path) ? readFileSync(path, "utf8") : "";
}

function fresh(path: string): void {
  mkdirSync("test-results", { recursive: true });
  rmSync(path, { force: true });
}

const ESLINT_ARGS = [".", "--max-warnings=0"];
/** ESLint, when it runs beside tsc. */
let eslintBeside: Promise<{ code: number; output: string; seconds: number }> | undefined;

const steps: Record<Suite, (done: Map<Suite, Result>) => Promise<Counts & { note?: string; seconds?: number }>> = {
  tsc: async () => check(await run("tsc", ["-p", "tsconfig.json", "--noEmit"])),
  eslint: async () => {
    // Started beside tsc (both use one core); its output is shown here, in the suite's place.
    if (!eslintBeside) return check(await run("eslint", ESLINT_ARGS));
    const { code, output, seconds } = await eslintBeside;
    process.stdout.write(output);
    return { ...check(code), seconds, note: "beside tsc" };
  },
  unit: async () => {
    fresh(VITEST_JSON);
    const code = await run("vitest", ["run", "--reporter=default", "--reporter=json", `--outputFile=${VITEST_JSON}`]);
    const counts = vitestCounts(readReport(VITEST_JSON));
    return { ...settle(counts, code), note: counts ? undefined : `no report (exit ${code})` };
  },
  build: async () => check(await run("vite", ["build"])),
  cli: async () => check(await run("tsx", ["scripts/refine-cli-check.ts"])),
  e2e: async (done) => {
    const build = done.get("build");
    if (build && build.failed > 0) return failedWith("not run: the console did not build");
    if (!existsSync("server/index.ts")) return failedWith("not run: server/index.ts is missing");
    const browser = chooseChromium();
    if (browser.kind === "none") {
      console.error(`\nEnd-to-end tests cannot run: ${browser.reason}.\n`);
      return failedWith("not run: no Chromium");
    }
    console.log(`Chromium: ${describeChromium(browser)}`);
    // The journeys run against their own build (.e2e-dist): switch and tenant mode on, the OAuth2 button.
    const settings = Object.entries(E2E_BUILD_ENV).map(([k, v]) => `${k}=${v}`).join(" ");
    console.log(`Building the e2e console into .e2e-dist (${settings})…`);
    if ((await run("vite", E2E_BUILD_ARGS, { env: E2E_BUILD_ENV })) !== 0) return failedWith("not run: the e2e build of the console failed");
    stampE2eBuild();
    const port = await freePort(Number(process.env.E2E_PORT) || 8181);
    let oauthPort = await freePort(Number(process.env.E2E_OAUTH_PORT) || port + 1);
    if (oauthPort === port) oauthPort = await freePort(0);
    fresh(E2E_JSON);
    const code = await run("playwright", ["test"], { env: { E2E_PORT: String(port), E2E_OAUTH_PORT: String(oauthPort) } });
    const counts = playwrightCounts(readReport(E2E_JSON));
    const note = !counts ? `no report (exit ${code})` : counts.flaky ? `${counts.flaky} passed only on retry` : undefined;
    return { ...settle(counts, code), note };
  },
};

function table(results: Result[]): string {
  const rows = [
    ["suite", "passed", "failed", "skipped", "time", ""],
    ...results.map((r) => [r.suite, String(r.passed), String(r.failed), String(r.skipped), `${r.seconds.toFixed(1)}s`, r.note ?? ""]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  return rows
    .map((row) => row.map((cell, i) => (i === 0 || i === 5 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ").trimEnd())
    .join("\n");
}

async function main(): Promise<number> {
  const chosen = selectSuites(process.argv.slice(2));
  const done = new Map<Suite, Result>();
  // tsc and ESLint are single-threaded: on two cores they take the time of the longer one.
  if (chosen.has("tsc") && chosen.has("eslint")) {
    const started = Date.now();
    eslintBeside = capture("eslint", ESLINT_ARGS).then((r) => ({ ...r, seconds: (Date.now() - started) / 1000 }));
  }
  for (const suite of SUITES) {
    if (!chosen.has(suite)) continue;
    console.log(`\n━━ ${suite} ━━`);
    const started = Date.now();
    let counts: Counts & { note?: string; seconds?: number };
    try {
      counts = await steps[suite](done);
    } catch (err) {
      counts = failedWith(`error: ${(err as Error).message}`);
    }
    done.set(suite, { suite, seconds: (Date.now() - started) / 1000, ...counts });
  }

  const results = [...done.values()];
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  console.log(`\n${table(results)}\n`);
  if (passed + failed === 0) console.log("No tests ran.");
  console.log(`${passed} passed, ${failed} failed`);
  return failed > 0 || passed + failed === 0 ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err);
    console.log("0 passed, 1 failed");
    process.exitCode = 1;
  },
);
