import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { compression } from "vite-plugin-compression2";
import { preloadPlugin } from "./scripts/vite-preload-plugin.js";
import { versionPlugin } from "./scripts/vite-version-plugin.js";
import { mockWorkerPlugin } from "./scripts/vite-mock-worker-plugin.js";

import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };
// index.html carries the version in a meta tag; the console compares it with /version.json (§4).
process.env.VITE_APP_VERSION ??= pkg.version;
// index.html shows the product's name while the console loads (and as the page title).
process.env.VITE_APP_TITLE ||= "Blade Console";

const CONSOLE_TESTS = ["src/**/*.test.{ts,tsx}", "mocks/**/*.test.{ts,tsx}"];

/**
 * Console test files that need a worker of their own: those replacing a module (vi.mock), which
 * needs a module cache of its own, and those loading Monaco, whose clipboard service leaves click
 * and keydown listeners on the document body that would throw in every later file of the worker.
 */
const NEEDS_ISOLATION = /\bvi\.(mock|doMock)\(|from ["'][^"']*(monaco|ScriptEditor)[^"']*["']/;

function consoleTestsNeedingIsolation(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.test\.tsx?$/.test(entry.name) && NEEDS_ISOLATION.test(readFileSync(path, "utf8"))) found.push(path);
    }
  };
  ["src", "mocks"].forEach(walk);
  return found;
}

const apiTarget = process.env.BLADE_API_URL ?? "http://localhost:8080";

const isolated = process.env.VITEST ? consoleTestsNeedingIsolation() : [];

export default defineConfig({
  plugins: [
    react(),
    versionPlugin(),
    // §1 mock flag: the MSW worker exists on the dev server only.
    mockWorkerPlugin(),
    // The login page is lazy (src/Root.tsx) yet the first thing a person sees: fetch it with the entry.
    preloadPlugin(["src/pages/login/LoginPage.tsx"]),
    // server/web.ts serves these .br/.gz files beside the originals to browsers that accept them.
    // Builds that only a test reads (the journeys' .e2e-dist, the refine CLI check) skip the work.
    process.env.BLADE_BUILD_COMPRESS !== "0" && compression({ algorithms: ["brotliCompress", "gzip"], threshold: 1024 }),
  ],
  resolve: {
    alias: [
      // refine's <List> imports pro-layout for its PageHeader alone, which brings pro-provider (its own
      // theme, SWR, 40 languages): the same header drawn from antd's tokens instead (issue 24).
      { find: /^@ant-design\/pro-layout$/, replacement: fileURLToPath(new URL("./src/components/page-header/PageHeader.tsx", import.meta.url)) },
      // qs without its polyfills for old engines (src/providers/router/qs.ts).
      { find: /^qs$/, replacement: fileURLToPath(new URL("./src/providers/router/qs.ts", import.meta.url)) },
    ],
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: "dist",
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: {
        // refine imports these for components we never render (MarkdownField, CSV import); the
        // packages do not declare themselves side-effect free, so without this they would ship.
        // domain/ (the shared tier) holds declarations only and is never imported for an effect:
        // a spec read for its menu entry or name no longer brings every validator it could use.
        moduleSideEffects: (id: string) => !/\/domain\//.test(id) && !/node_modules\/(react-markdown|remark-[^/]+|micromark[^/]*|mdast-[^/]+|unified|property-information|hast-[^/]+|papaparse)\//.test(id),
      },
    },
  },
  test: {
    setupFiles: ["./vitest.setup.ts"],
    globalSetup: ["./server/db/test-template.global.ts"],
    testTimeout: 90000,
    hookTimeout: 60000,
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one worker on the 2-core CI machine,
    // which then waits on it with a core idle. Waits are generous (vitest.setup.ts) so that two
    // files side by side on two busy cores stay deterministic.
    maxWorkers: 2,
    server: { deps: { inline: ["@refinedev/react-router", "@refinedev/antd"] } },
    projects: [
      // The reference server and scripts run in Node; everything of the console in jsdom.
      { extends: true, test: { name: "server", environment: "node", isolate: false, include: ["domain/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"] } },
      // One jsdom and one module cache per worker, shared by its files: importing antd, refine and
      // the server app once per worker instead of once per file. The harness gives every file a
      // fresh server and clean storage and DOM; files that replace a module (vi.mock) keep their own.
      { extends: true, test: { name: "console", environment: "jsdom", isolate: false, include: CONSOLE_TESTS, exclude: isolated } },
      { extends: true, test: { name: "console-isolated", environment: "jsdom", include: isolated } },
    ],
  },
});
