/**
 * One server instance as a child process (`node --import tsx server/index.ts`), as an operator
 * runs several behind a load balancer: nothing in memory is shared with the test or with the
 * other instance, only the PostgreSQL database and the secret key of the environment.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../postgres";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

export interface Instance {
  name: string;
  url: string;
  pid: number;
  /** The worker id the start-up line announces, and where it came from ("a lease" or BLADE_WORKER_ID). */
  workerId: number;
  workerSource: string;
  /** Everything the process wrote, for a failing test's message. */
  output(): string;
  stop(): Promise<void>;
}

export interface InstanceEnv {
  databaseUrl: string;
  adminPassword: string;
  secretKey: string;
}

const LISTENING = /Blade Console listening on (\S+) .*worker id (\d+) from (a lease|BLADE_WORKER_ID)/;

/** Starts an instance and resolves once it prints its "listening" line (rejects if it exits first). */
export async function startInstance(name: string, env: InstanceEnv, timeoutMs = 60_000): Promise<Instance> {
  const port = await freePort();
  // An empty console directory: the API is what these tests call, no build is needed.
  const distDir = mkdtempSync(join(tmpdir(), `blade-dist-${name}-`));
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  // Inherited settings that would change what is under test: the lease must choose the worker id.
  for (const key of ["BLADE_WORKER_ID", "BLADE_DATA_DIR", "BLADE_SECRET_KEY_FILE", "BLADE_TRUST_PROXY", "HOST"]) delete childEnv[key];
  Object.assign(childEnv, {
    DATABASE_URL: env.databaseUrl,
    PORT: String(port),
    BLADE_ADMIN_PASSWORD: env.adminPassword,
    BLADE_SECRET_KEY: env.secretKey,
    BLADE_DIST_DIR: distDir,
    // The client is seeded with the password grant (a console built without captcha).
    VITE_CAPTCHA_MODE: "false",
    BLADE_DB_POOL: "8",
  });
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString("utf8")).slice(-20_000);
  };
  child.stdout!.on("data", append);
  child.stderr!.on("data", append);
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);

  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const stop = async () => {
    process.removeListener("exit", killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(distDir, { recursive: true, force: true });
  };

  try {
    const match = await new Promise<RegExpExecArray>((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`instance ${name} did not listen within ${timeoutMs} ms:\n${log}`)), timeoutMs);
      const look = () => {
        const m = LISTENING.exec(log);
        if (m) {
          clearTimeout(timer);
          child.stdout!.off("data", look);
          ok(m);
        }
      };
      child.stdout!.on("data", look);
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        fail(new Error(`instance ${name} exited (${code ?? signal}) before listening:\n${log}`));
      });
    });
    return {
      name,
      url: `http://127.0.0.1:${port}`,
      pid: child.pid!,
      workerId: Number(match[2]),
      workerSource: match[3],
      output: () => log,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
