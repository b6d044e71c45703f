/**
 * `npm start`: build the console (vite) and the server (esbuild, scripts/build-server.mjs) when
 * missing or older than their sources, then run the compiled server in this very process — plain
 * node, no TypeScript loader and no wrapper process beside npm's.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { SERVER_BUNDLE, serverBundleStale } from "./build-server.mjs";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const builtIndex = join(root, "dist", "index.html");
const SOURCES = ["domain", "src", "public", "index.html", "vite.config.ts", "scripts/vite-preload-plugin.ts", "scripts/vite-version-plugin.ts", "package.json", "package-lock.json", "tsconfig.json"];

const say = (line) => process.stdout.write(`${line}\n`);
const fail = (line, code = 1) => {
  process.stderr.write(`${line}\n`);
  process.exit(code);
};

/** The newest modification time under a file or directory (0 when absent). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

/** Runs a script with this node in a child, so that the builds' memory (and esbuild's service) leave with it. */
function node(args) {
  return spawnSync(process.execPath, args, { cwd: root, stdio: "inherit" }).status ?? 1;
}

function buildConsoleIfStale() {
  if (!existsSync(join(root, "index.html"))) {
    process.stderr.write("No index.html: the console cannot be built yet; serving the API only.\n");
    return;
  }
  const built = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const changed = Math.max(...SOURCES.map((s) => newest(join(root, s))));
  if (built >= changed) return;
  say(built ? "The console changed since the last build: building it…" : "Building the console…");
  const status = node([join(root, "node_modules", "vite", "bin", "vite.js"), "build"]);
  if (status !== 0) fail("The console build failed (see above).", status);
}

// BLADE_DIST_DIR names a console built elsewhere: this checkout's dist/ is not the one served.
if (!process.env.BLADE_DIST_DIR) buildConsoleIfStale();
if (serverBundleStale()) {
  say("Building the server…");
  if (node([join(root, "scripts", "build-server.mjs")]) !== 0) fail("The server build failed (see above).");
}

// The bundle lives in node_modules/.cache, so it cannot find dist/ from its own path.
process.env.BLADE_DIST_DIR ||= join(root, "dist");
const { startServer } = await import(pathToFileURL(SERVER_BUNDLE).href);
const running = await startServer().catch((error) => fail(`Blade Console failed to start: ${error?.stack ?? error}`));
const stop = (signal) => {
  say(`${signal}: shutting down`);
  running.close().then(
    () => process.exit(0),
    (error) => fail(String(error?.stack ?? error)),
  );
};
process.once("SIGINT", () => stop("SIGINT"));
process.once("SIGTERM", () => stop("SIGTERM"));
