/**
 * Bundle bench: a production build with the manifest into .bench/dist, then the gzipped size of
 * the JavaScript each route loads initially, the total, the largest chunks, and the budgets.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";
import { chunkLabel, routeChunks, type Manifest } from "../scripts/lib/manifest";

export const BUNDLE_OUT = ".bench/dist";
const LOGIN_BUDGET = 350_000; // bytes gzipped (kB = 1000 B, as Vite prints sizes)
/** Issue 24: the first resource page a person opens, with refine, the layout and the list (a bare refine + antd list page: 507 kB). */
const USER_PAGE_BUDGET = 500_000;

const ROUTES: Record<string, string[]> = {
  "/login": ["src/pages/login/LoginPage.tsx"],
  "/system/user": ["src/RefineApp.tsx", "src/layout/AppLayout.tsx", "src/resources/system/user/UserList.tsx"],
  "/dataFactory/ide/ide": ["src/RefineApp.tsx", "src/layout/AppLayout.tsx", "src/resources/dataFactory/ide/IdePage.tsx"],
};

/** Routes whose page is the heavy library's own (the script IDE is Monaco's only home). */
const HEAVY_HOME = new Set(["/dataFactory/ide/ide"]);

/** Heavy libraries that belong to their own pages (script IDE, charts), never to these routes. */
const HEAVY = [
  { name: "Monaco", module: /node_modules\/(monaco-editor|@monaco-editor)\//, text: /MonacoEnvironment|monaco-editor/ },
  { name: "AntV G2", module: /node_modules\/@antv\//, text: /@antv\/g2|antv-g2/ },
];

export interface BundleResult {
  routes: Record<string, { gzipBytes: number; rawBytes: number; chunks: string[]; missingLazy: string[]; heavy: string[] }>;
  totalJs: { gzipBytes: number; rawBytes: number; files: number };
  largest: { file: string; label: string; gzipBytes: number; rawBytes: number }[];
  budgets: { name: string; pass: boolean; detail: string }[];
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".js"))
    .map((e) => relative(dir, join(e.parentPath, e.name)));
}

/** Records which modules went into each chunk (the manifest lists only chunks, not their modules). */
function moduleRecorder(into: Map<string, string[]>): Plugin {
  return {
    name: "bench-module-recorder",
    apply: "build",
    generateBundle(_options, bundle) {
      for (const out of Object.values(bundle)) if (out.type === "chunk") into.set(out.fileName, out.moduleIds);
    },
  };
}

async function buildWithManifest(modules: Map<string, string[]>): Promise<void> {
  if (!existsSync("index.html")) throw new Error("index.html is missing: there is no console to build yet");
  const { build } = await import("vite");
  await build({
    configFile: existsSync("vite.config.ts") ? resolve("vite.config.ts") : false,
    mode: "production",
    logLevel: "warn",
    build: { outDir: BUNDLE_OUT, emptyOutDir: true, manifest: true },
    plugins: [moduleRecorder(modules)],
  });
}

export async function benchBundle(): Promise<BundleResult> {
  const modules = new Map<string, string[]>();
  console.log(`Building the console with a manifest into ${BUNDLE_OUT} …`);
  try {
    await buildWithManifest(modules);
  } catch (err) {
    throw new Error(`vite build failed: ${(err as Error).message}`);
  }
  const manifestPath = join(BUNDLE_OUT, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) throw new Error(`the build wrote no manifest at ${manifestPath}`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;

  const sizes = new Map<string, { raw: number; gzip: number }>();
  const size = (file: string) => {
    let s = sizes.get(file);
    if (!s) {
      const bytes = readFileSync(join(BUNDLE_OUT, file));
      s = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      sizes.set(file, s);
    }
    return s;
  };
  const heavyIn = (file: string) =>
    HEAVY.filter((h) => {
      const ids = modules.get(file);
      return ids && ids.length ? ids.some((id) => h.module.test(id.replaceAll("\\", "/"))) : h.text.test(readFileSync(join(BUNDLE_OUT, file), "utf8"));
    }).map((h) => `${h.name} in ${file}`);

  const routes: BundleResult["routes"] = {};
  for (const [route, lazy] of Object.entries(ROUTES)) {
    const { files, missing } = routeChunks(manifest, "index.html", lazy);
    routes[route] = {
      gzipBytes: files.reduce((n, f) => n + size(f).gzip, 0),
      rawBytes: files.reduce((n, f) => n + size(f).raw, 0),
      chunks: files,
      missingLazy: missing,
      heavy: files.flatMap(heavyIn),
    };
  }

  const all = jsFiles(BUNDLE_OUT).map((file) => ({ file, label: chunkLabel(manifest, file), gzipBytes: size(file).gzip, rawBytes: size(file).raw }));
  const totalJs = {
    gzipBytes: all.reduce((n, f) => n + f.gzipBytes, 0),
    rawBytes: all.reduce((n, f) => n + f.rawBytes, 0),
    files: all.length,
  };
  const largest = [...all].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 5);

  // §1: with the mock flag off (every production build) neither MSW nor the sample data ships.
  const mockModule = /node_modules\/msw\/|\/mocks\/|\/dataAssets\/sample\/(data|query)\.ts/;
  const mockParts = [
    ...(existsSync(join(BUNDLE_OUT, "mockServiceWorker.js")) ? ["mockServiceWorker.js"] : []),
    ...all.filter((f) => (modules.get(f.file) ?? []).some((id) => mockModule.test(id.replaceAll("\\", "/")))).map((f) => f.file),
  ];

  const login = routes["/login"];
  const userPage = routes["/system/user"];
  const budgets = [
    { name: "/login JS ≤ 350 kB gzipped", pass: login.gzipBytes <= LOGIN_BUDGET, detail: kB(login.gzipBytes) },
    // Its dialogs, the colour picker and the range picker load when used; what is left is the page's first paint.
    { name: "/system/user JS ≤ 500 kB gzipped", pass: userPage.gzipBytes <= USER_PAGE_BUDGET, detail: kB(userPage.gzipBytes) },
    ...Object.entries(routes).filter(([route]) => !HEAVY_HOME.has(route)).map(([route, r]) => ({
      name: `${route} loads no Monaco or AntV G2`,
      pass: r.heavy.length === 0,
      detail: r.heavy.length ? r.heavy.join(", ") : "none",
    })),
    { name: "no MSW or sample data in the build", pass: mockParts.length === 0, detail: mockParts.length ? mockParts.join(", ") : "none" },
  ];
  return { routes, totalJs, largest, budgets };
}

export function printBundle(r: BundleResult): void {
  console.log("\nBundle (JavaScript, gzip -9)");
  for (const [route, x] of Object.entries(r.routes)) {
    console.log(`  ${route.padEnd(14)} ${kB(x.gzipBytes).padStart(10)}  (${kB(x.rawBytes)} raw, ${x.chunks.length} chunks)`);
    if (x.missingLazy.length) console.log(`  ${"".padEnd(14)} no chunk of its own (inlined or absent): ${x.missingLazy.join(", ")}`);
  }
  console.log(`  ${"total JS".padEnd(14)} ${kB(r.totalJs.gzipBytes).padStart(10)}  (${kB(r.totalJs.rawBytes)} raw, ${r.totalJs.files} files)`);
  console.log("  largest chunks:");
  for (const c of r.largest) console.log(`    ${kB(c.gzipBytes).padStart(10)}  ${c.label}${c.label === c.file ? "" : `  (${c.file})`}`);
  console.log("\nBudgets");
  for (const b of r.budgets) console.log(`  ${b.pass ? "PASS" : "FAIL"}  ${b.name}: ${b.detail}`);
}
