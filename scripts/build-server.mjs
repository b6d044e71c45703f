/**
 * The production server as one JavaScript file: server/index.ts bundled by esbuild into
 * SERVER_BUNDLE_DIR, its npm packages left to node_modules (PGlite loads its wasm and data files
 * from its own folder) and the migrations copied beside the bundle, where
 * server/db/connection.ts looks for them. `npm start` runs it with plain node.
 *
 *   node scripts/build-server.mjs        build now
 *
 * Plain JavaScript, so that building and starting need no TypeScript loader.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));

// Inside node_modules: ignored by git like the rest of it, removed with it, and its packages
// resolve from there exactly as from server/.
export const SERVER_BUNDLE_DIR = join(root, "node_modules", ".cache", "blade-server");
export const SERVER_BUNDLE = join(SERVER_BUNDLE_DIR, "index.js");

// domain/ too: the shared tier of the §5 rules, the contract and the resource specs.
const SOURCES = ["server", "domain", "package.json", "package-lock.json", "tsconfig.json", "scripts/build-server.mjs"];

/** The newest modification time under a file or directory (0 when absent); tests do not count. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return /\.test\.ts$/.test(path) ? 0 : stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

/** Whether the bundle is missing or older than a source of the server. */
export function serverBundleStale() {
  const built = existsSync(SERVER_BUNDLE) ? statSync(SERVER_BUNDLE).mtimeMs : 0;
  return built < Math.max(...SOURCES.map((s) => newest(join(root, s))));
}

/**
 * dt-sql-parser's ESM build imports directories (`./parser`), which plain node refuses
 * (ERR_UNSUPPORTED_DIR_IMPORT): it is bundled, not left to node_modules (its own dependencies,
 * antlr4ng and antlr4-c3, load under node as they are).
 */
const bundleForNode = {
  name: "bundle-dt-sql-parser",
  setup(build) {
    // A path (not a package name) is bundled; the relative imports inside it follow.
    build.onResolve({ filter: /^dt-sql-parser$/ }, () => ({ path: fileURLToPath(import.meta.resolve("dt-sql-parser")) }));
  },
};

export async function buildServer(outDir = SERVER_BUNDLE_DIR) {
  const esbuild = await import("esbuild");
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  await esbuild.build({
    // The IDE's HQL check runs on a worker thread of its own (server/modules/sample/hql-check.ts),
    // started from the file beside the bundle.
    entryPoints: { index: join(root, "server", "index.ts"), "hql-check.worker": join(root, "server", "modules", "sample", "hql-check.worker.ts") },
    outdir: outDir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    plugins: [bundleForNode],
    sourcemap: "linked",
    logLevel: "warning",
  });
  cpSync(join(root, "server", "db", "migrations"), join(outDir, "migrations"), { recursive: true });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildServer().then(
    () => process.stdout.write(`Built the server into ${SERVER_BUNDLE_DIR}\n`),
    (error) => {
      process.stderr.write(`The server build failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
