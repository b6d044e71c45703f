/**
 * The `cli` suite of npm test: `npm run refine -- add resource` on a copy of the repository.
 *
 * Copies the repository (without node_modules, .git, dist, data and test outputs; node_modules is
 * linked) to a temporary directory, runs `npm run refine -- add resource cliProbe` there with stdin
 * closed, then checks that the kit's three files are under src/resources/system/cliProbe/ with a
 * spec that has fields and its menu code, that no other file changed, and that the copy type-checks
 * (tsc --noEmit of the generated files and their imports, incremental with a cache beside the copy), lints (the new files) and builds with
 * the new list page in the build. Exits non-zero on the first failure; REFINE_CLI_CHECK_KEEP=1
 * keeps the copy for a look.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { bin } from "./lib/proc";
import type { ResourceSpec } from "../domain/validation/resource-spec";

const ROOT = process.cwd();
const NAME = "cliProbe";
const MODULE = "system";
const FOLDER = `src/resources/${MODULE}/${NAME}`;
const SPEC = `domain/resources/${MODULE}/${NAME}/spec.ts`;
const FILES = [SPEC, `${FOLDER}/index.ts`, `${FOLDER}/CliProbeList.tsx`];
const NOT_COPIED = new Set(["node_modules", ".git", "dist", "data", "test-results", ".e2e-dist", "playwright-report", ".bench"]);

// One place per repository checkout, so tsc's incremental cache (beside it) is reused from run to run.
const key = createHash("sha1").update(ROOT).digest("hex").slice(0, 10);
const COPY = join(tmpdir(), `blade-refine-cli-check-${key}`);
const TSC_CACHE = `${COPY}.tsbuildinfo`;
const PROBE_TSCONFIG = "tsconfig.cli-probe.json";

class CheckFailed extends Error {}

function exec(cmd: string, args: string[], timeoutMs: number, capture = false): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: COPY, stdio: ["ignore", capture ? "pipe" : "inherit", capture ? "pipe" : "inherit"] });
    let output = "";
    child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill("SIGTERM"), timeoutMs);
    child.on("error", (err) => {
      clearTimeout(timer);
      resolve({ code: 127, output: `could not start ${cmd}: ${err.message}` });
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), output });
    });
  });
}

async function tool(name: string, args: string[], timeoutMs: number, capture = false) {
  const { cmd, pre } = bin(name, COPY);
  return exec(cmd, [...pre, ...args], timeoutMs, capture);
}

async function step<T>(title: string, body: () => Promise<T>): Promise<T> {
  const started = Date.now();
  process.stdout.write(`· ${title}\n`);
  const value = await body();
  console.log(`  ok (${((Date.now() - started) / 1000).toFixed(1)}s)`);
  return value;
}

/** A tool's output, indented under its step. */
function show(output: string): void {
  const text = output.replace(/^npm warn .*\n/gm, "").trimEnd();
  if (text) console.log(text.replace(/^/gm, "    "));
}

function fail(message: string): never {
  throw new CheckFailed(message);
}

/** Every file of the copy but node_modules, by content hash. */
function snapshot(dir = COPY, out = new Map<string, string>()): Map<string, string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (dir === COPY && entry.name === "node_modules") continue;
    if (entry.isDirectory()) snapshot(path, out);
    else if (entry.isFile()) out.set(relative(COPY, path).split(sep).join("/"), createHash("sha1").update(readFileSync(path)).digest("hex"));
  }
  return out;
}

async function check(): Promise<void> {
  const before = await step(`copy the repository to ${COPY}`, async () => {
    rmSync(COPY, { recursive: true, force: true });
    mkdirSync(COPY, { recursive: true });
    cpSync(ROOT, COPY, {
      recursive: true,
      filter: (src) => {
        const top = relative(ROOT, src).split(sep)[0];
        return !NOT_COPIED.has(top);
      },
    });
    symlinkSync(join(ROOT, "node_modules"), join(COPY, "node_modules"), "junction");
    if (existsSync(join(COPY, FOLDER)) || existsSync(join(COPY, SPEC))) fail(`${FOLDER} exists already: pick another probe name`);
    return snapshot();
  });

  await step(`npm run refine -- add resource ${NAME}  (stdin closed)`, async () => {
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const { code, output } = await exec(npm, ["run", "--silent", "refine", "--", "add", "resource", NAME], 120_000, true);
    show(output);
    if (code !== 0) fail(`npm run refine exited with ${code}`);
  });

  await step(`the kit's files (${FILES.join(", ")}), nothing else changed`, async () => {
    const after = snapshot();
    const made = FILES;
    const missing = made.filter((f) => !after.has(f));
    if (missing.length) fail(`not generated: ${missing.join(", ")}`);
    const changed = [...after.keys()].filter((f) => !made.includes(f) && after.get(f) !== before.get(f));
    const removed = [...before.keys()].filter((f) => !after.has(f));
    if (changed.length || removed.length) fail(`the command touched other files: ${[...changed, ...removed].join(", ")}`);
    const mod = (await import(pathToFileURL(join(COPY, SPEC)).href)) as Record<string, ResourceSpec | undefined>;
    const spec = mod[`${NAME}Spec`];
    if (!spec) fail(`spec.ts exports no ${NAME}Spec`);
    if (spec.name !== NAME || spec.menuCode !== NAME || spec.path !== `/${MODULE}/${NAME}`) fail(`unexpected spec: ${JSON.stringify({ name: spec.name, menuCode: spec.menuCode, path: spec.path })}`);
    if (Object.keys(spec.fields).length === 0) fail("the spec has no field");
  });

  await step("tsc --noEmit (the generated files and what they import)", async () => {
    // The tsc suite checks the repository; here only what the command added, with the project's options.
    writeFileSync(join(COPY, PROBE_TSCONFIG), JSON.stringify({ extends: "./tsconfig.json", include: FILES }));
    const { code, output } = await tool("tsc", ["-p", PROBE_TSCONFIG, "--noEmit", "--incremental", "--tsBuildInfoFile", TSC_CACHE], 240_000, true);
    show(output);
    if (code !== 0) {
      const inGenerated = output.split("\n").some((line) => FILES.some((f) => line.startsWith(f)));
      fail(inGenerated ? "the generated files do not type-check" : "the copy does not type-check, though not in the generated files (see the tsc suite)");
    }
  });

  await step(`eslint --max-warnings=0 ${FILES.join(" ")}`, async () => {
    const { code } = await tool("eslint", ["--max-warnings=0", ...FILES], 120_000);
    if (code !== 0) fail("the generated files do not pass ESLint");
  });

  await step("vite build (the copy), the new list page in it", async () => {
    // The chunks are what is checked, not their .br/.gz copies (brotli took most of the build).
    process.env.BLADE_BUILD_COMPRESS = "0";
    const { code, output } = await tool("vite", ["build", "--logLevel", "warn"], 240_000, true);
    show(output);
    if (code !== 0) fail("the copy does not build");
    const manifest = JSON.parse(readFileSync(join(COPY, "dist", ".vite", "manifest.json"), "utf8")) as Record<string, unknown>;
    if (!(`${FOLDER}/CliProbeList.tsx` in manifest)) fail(`the build has no chunk of ${FOLDER}/CliProbeList.tsx: the registry did not pick it up`);
  });
}

const started = Date.now();
check().then(
  () => {
    console.log(`refine CLI check passed in ${((Date.now() - started) / 1000).toFixed(1)}s`);
    if (!process.env.REFINE_CLI_CHECK_KEEP) rmSync(COPY, { recursive: true, force: true });
  },
  (err: unknown) => {
    console.error(`refine CLI check failed: ${err instanceof CheckFailed ? err.message : err instanceof Error ? err.stack : String(err)}`);
    console.error(`(the copy stays in ${COPY})`);
    process.exitCode = 1;
  },
);
