/**
 * The console build the end-to-end journeys run against: the production build with test-friendly
 * settings (switch mode and tenant mode on, the generic OAuth2 button), written to .e2e-dist/ and served by the
 * e2e server through BLADE_DIST_DIR. `npm start` never serves it; `vite build` into dist/ stays
 * the build check with the production defaults.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

export const E2E_DIST_DIR = join(root, ".e2e-dist");

/** The VITE_* settings of the e2e build (src/config/website.ts). */
export const E2E_BUILD_ENV: Readonly<Record<string, string>> = {
  VITE_SWITCH_MODE: "true",
  // The login page asks for the tenant id (localhost names none; it starts as 000000).
  VITE_TENANT_MODE: "true",
  VITE_SOCIAL_SOURCES: "oauth2",
  // No .br/.gz beside the files: the journeys never read them, and brotli took most of the build.
  BLADE_BUILD_COMPRESS: "0",
};

const STAMP = "e2e-build.json";
const SOURCES = ["domain", "src", "public", "index.html", "vite.config.ts", "package.json", "tsconfig.json"];

/** The newest modification time under a file or directory (0 when absent). */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

/** Why .e2e-dist must be (re)built, or null when it is current. */
export function e2eBuildStale(): string | null {
  const stamp = join(E2E_DIST_DIR, STAMP);
  if (!existsSync(join(E2E_DIST_DIR, "index.html")) || !existsSync(stamp)) return "no e2e build yet";
  let env: unknown;
  try {
    env = (JSON.parse(readFileSync(stamp, "utf8")) as { env?: unknown }).env;
  } catch {
    return "unreadable build stamp";
  }
  if (JSON.stringify(env) !== JSON.stringify(E2E_BUILD_ENV)) return "built with other settings";
  const built = statSync(stamp).mtimeMs;
  const changed = Math.max(...SOURCES.map((s) => newest(join(root, s))));
  return built >= changed ? null : "the console changed since the last e2e build";
}

/** The arguments of `vite build` for the e2e build (run with E2E_BUILD_ENV). */
export const E2E_BUILD_ARGS = ["build", "--outDir", E2E_DIST_DIR, "--emptyOutDir", "--logLevel", "warn"];

/** Records that .e2e-dist was built now with E2E_BUILD_ENV (e2eBuildStale reads it). */
export function stampE2eBuild(): void {
  writeFileSync(join(E2E_DIST_DIR, STAMP), JSON.stringify({ env: E2E_BUILD_ENV, at: new Date().toISOString() }));
}

/** Builds the console into .e2e-dist synchronously (for playwright.config.ts); returns vite's exit code. */
export function buildE2eConsole(): number {
  const result = spawnSync("npx", ["--no-install", "vite", ...E2E_BUILD_ARGS], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, ...E2E_BUILD_ENV },
  });
  const code = result.status ?? 1;
  if (code === 0) stampE2eBuild();
  return code;
}
