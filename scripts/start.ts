/**
 * `npm start`: build the console when dist/ is missing or older than its sources, then run the
 * server (API + console) in this process.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const builtIndex = join(root, "dist", "index.html");
const SOURCES = ["src", "public", "index.html", "vite.config.ts", "package.json", "tsconfig.json"];

/** The newest modification time under a file or directory (0 when absent). */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

function buildIfStale(): void {
  if (!existsSync(join(root, "index.html"))) {
    console.warn("No index.html: the console cannot be built yet; serving the API only.");
    return;
  }
  const built = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const changed = Math.max(...SOURCES.map((s) => newest(join(root, s))));
  if (built >= changed) return;
  console.log(built ? "The console changed since the last build: building it…" : "Building the console…");
  const result = spawnSync("npx", ["vite", "build"], { cwd: root, stdio: "inherit", shell: process.platform === "win32" });
  if (result.status !== 0) {
    console.error("The console build failed (see above).");
    process.exit(result.status ?? 1);
  }
}

buildIfStale();
const { startServer } = await import("../server/index");
const running = await startServer().catch((error: unknown) => {
  console.error("Blade Console failed to start:", error);
  process.exit(1);
});
const stop = (signal: string) => {
  console.log(`${signal}: shutting down`);
  running.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.once("SIGINT", () => stop("SIGINT"));
process.once("SIGTERM", () => stop("SIGTERM"));
