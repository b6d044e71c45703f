import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { badRequest } from "../../http/errors";
import type { HqlError } from "./hql-check-core";

/*
 * The server's syntax and name check of an HQL run, with the Hive grammar of the editor's markers
 * (dt-sql-parser). It runs on a worker thread: the parser needs seconds for a long script and
 * minutes for a deeply nested one, and the request thread must not wait on it. A check that takes
 * longer than CHECK_BUDGET_MS ends the worker (the next check starts another) and refuses the run.
 *
 * dt-sql-parser does not load under plain node from node_modules (its ESM imports directories);
 * the compiled server bundles it into its own hql-check.worker.js (scripts/build-server.mjs), which
 * plain node runs. So the server validates every run itself; the editor's markers are the early
 * warning, not the gate.
 */

export type { HqlError };

export const CHECK_BUDGET_MS = 5_000;
const START_BUDGET_MS = 60_000;
const MAX_WAITING = 16;
export const MSG_CHECK_TIMEOUT = `脚本过于复杂，语法检查未能在${CHECK_BUDGET_MS / 1000}秒内完成，请拆分后再运行`;
export const MSG_CHECK_FAILED = "脚本嵌套过深，无法完成语法检查，请简化后再运行";
export const MSG_CHECK_BUSY = "语法检查繁忙，请稍后再运行";

interface Job {
  id: number;
  script: string;
  resolve: (errors: HqlError[]) => void;
  reject: (error: Error) => void;
}

type Reply = { ready: true } | { id: number; errors: HqlError[] } | { id: number; failed: string };

/** The worker: bundled beside the compiled server, or started from the sources through tsx. */
function startWorker(): Worker {
  // Paths, not URL objects: under a DOM test environment the global URL is not node's.
  const here = dirname(fileURLToPath(import.meta.url));
  const fromSources = import.meta.url.endsWith(".ts");
  const worker = fromSources
    ? new Worker(join(here, "hql-check.boot.mjs"), { workerData: { entry: join(here, "hql-check.worker.ts") } })
    : new Worker(join(here, "hql-check.worker.js"));
  // An idle check must not keep the server process (or a test run) alive.
  worker.unref();
  return worker;
}

let worker: Worker | null = null;
let ready = false;
let current: Job | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
const waiting: Job[] = [];
let seq = 0;

function stop(reason: Error) {
  if (timer) clearTimeout(timer);
  timer = null;
  const w = worker;
  worker = null;
  ready = false;
  if (w) {
    w.removeAllListeners();
    // Errors while terminating a stuck worker are of no further interest.
    w.on("error", () => {});
    void w.terminate();
  }
  current?.reject(reason);
  current = null;
}

function next() {
  if (current || waiting.length === 0) return;
  if (!worker) return void ensureWorker();
  if (!ready) return;
  const job = (current = waiting.shift()!);
  timer = setTimeout(() => {
    stop(badRequest(MSG_CHECK_TIMEOUT));
    next();
  }, CHECK_BUDGET_MS);
  worker.postMessage({ id: job.id, script: job.script });
}

function ensureWorker() {
  if (worker) return;
  const w = (worker = startWorker());
  // A worker that cannot start (or crashes) fails what waits for it, rather than leaving it hanging.
  const fail = (message: string) => {
    const starting = !ready;
    stop(badRequest(message));
    if (starting) waiting.splice(0).forEach((j) => j.reject(badRequest(message)));
    else next();
  };
  timer = setTimeout(() => fail(MSG_CHECK_BUSY), START_BUDGET_MS);
  timer.unref();
  w.on("message", (reply: Reply) => {
    if ("ready" in reply) {
      if (timer) clearTimeout(timer);
      timer = null;
      ready = true;
      next();
      return;
    }
    const job = current;
    if (!job || job.id !== reply.id) return;
    if (timer) clearTimeout(timer);
    timer = null;
    current = null;
    if ("failed" in reply) job.reject(badRequest(MSG_CHECK_FAILED));
    else job.resolve(reply.errors);
    next();
  });
  w.on("error", () => fail(MSG_CHECK_FAILED));
  w.on("exit", () => fail(MSG_CHECK_FAILED));
}

/** Starts the check's worker ahead of the first run (the IDE page calls it on opening): loading the grammar takes a second or more. */
export const warmHqlCheck = () => ensureWorker();

/** Why an HQL script cannot run (syntax errors, else unknown sample tables and columns); empty when it can. */
export function checkHql(script: string): Promise<HqlError[]> {
  if (!script.trim()) return Promise.resolve([]);
  if (waiting.length >= MAX_WAITING) return Promise.reject(badRequest(MSG_CHECK_BUSY));
  return new Promise((resolve, reject) => {
    waiting.push({ id: ++seq, script, resolve, reject });
    next();
  });
}
