import { parentPort } from "node:worker_threads";
import { hqlRunErrors } from "./hql-check-core";

/*
 * The HQL check's thread (hql-check.ts starts it): loads the Hive grammar once, says it is ready,
 * then answers each script with the errors that keep it from running.
 */
const port = parentPort!;
port.on("message", ({ id, script }: { id: number; script: string }) => {
  try {
    port.postMessage({ id, errors: hqlRunErrors(script) });
  } catch (error) {
    // The parser's own failure (a stack overflow on very deep nesting): the script cannot be read.
    port.postMessage({ id, failed: String((error as Error)?.message ?? error) });
  }
});
port.postMessage({ ready: true });
