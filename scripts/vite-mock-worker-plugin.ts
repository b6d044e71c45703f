/**
 * Serves MSW's service worker (mocks/mockServiceWorker.js) from the dev server only. Kept out of
 * public/ on purpose: Vite copies public/ into every build, and the §1 mock flag is a development
 * feature — a production build must not carry the worker script (bench/bundle.ts checks it).
 */
import { readFileSync } from "node:fs";
import type { Plugin } from "vite";
import { serveDevFile } from "./lib/dev-file";

export const MOCK_WORKER_FILE = "mockServiceWorker.js";
const WORKER_SOURCE = new URL(`../mocks/${MOCK_WORKER_FILE}`, import.meta.url);

export function mockWorkerPlugin(): Plugin {
  return {
    name: "blade-mock-worker",
    apply: "serve",
    configureServer(server) {
      serveDevFile(server, MOCK_WORKER_FILE, { "Content-Type": "text/javascript", "Cache-Control": "no-cache" }, () => readFileSync(WORKER_SOURCE));
    },
  };
}
