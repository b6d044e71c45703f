/**
 * Serves MSW's service worker (mocks/mockServiceWorker.js) from the dev server only. Kept out of
 * public/ on purpose: Vite copies public/ into every build, and the §1 mock flag is a development
 * feature — a production build must not carry the worker script (bench/bundle.ts checks it).
 */
import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

export const MOCK_WORKER_FILE = "mockServiceWorker.js";
const WORKER_SOURCE = new URL(`../mocks/${MOCK_WORKER_FILE}`, import.meta.url);

export function mockWorkerPlugin(): Plugin {
  return {
    name: "blade-mock-worker",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split("?")[0] !== `/${MOCK_WORKER_FILE}`) return next();
        res.setHeader("Content-Type", "text/javascript");
        res.setHeader("Cache-Control", "no-cache");
        res.end(readFileSync(WORKER_SOURCE));
      });
    },
  };
}
