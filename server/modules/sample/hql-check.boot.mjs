/*
 * Starts the HQL check's worker from the TypeScript sources (tests, `tsx` development): a worker
 * thread does not inherit the loader of the thread that starts it. The compiled server starts
 * the bundled hql-check.worker.js directly.
 */
import { pathToFileURL } from "node:url";
import { workerData } from "node:worker_threads";

const { tsImport } = await import("tsx/esm/api");
await tsImport(pathToFileURL(workerData.entry).href, import.meta.url);
