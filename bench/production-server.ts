/**
 * The server as `npm start` runs it — `node scripts/start.mjs`, which builds the server bundle when
 * stale and runs it with plain node in that same process — on a free port of 127.0.0.1, for the
 * Lighthouse and memory benches. Its process id is the server's own (no npm or loader wrapper).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "../scripts/lib/proc";

export interface ProductionServer {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * `env` is added to ours; a key given as undefined is removed (e.g. DATABASE_URL). `nodeArgs` go
 * before the script (e.g. --cpu-prof, which NODE_OPTIONS may not carry).
 */
export async function startProductionServer(env: Record<string, string | undefined>, timeoutMs = 180_000, nodeArgs: string[] = []): Promise<ProductionServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, "scripts/start.mjs"], {
    env: Object.fromEntries(Object.entries({ ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" }).filter(([, v]) => v !== undefined)),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    tail.push(...chunk.toString().split("\n").filter(Boolean));
    tail.splice(0, Math.max(0, tail.length - 30));
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let exited: number | null = null;
  child.on("exit", (code) => (exited = code ?? 1));
  const onExit = () => child.kill("SIGKILL");
  process.on("exit", onExit);

  const stop = async () => {
    process.off("exit", onExit);
    if (exited !== null) return;
    const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await gone;
    clearTimeout(timer);
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`the server exited (code ${exited}) before answering /api/health:\n${tail.join("\n")}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { baseUrl, pid: child.pid!, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`the server did not answer ${baseUrl}/api/health within ${timeoutMs / 1000} s:\n${tail.join("\n")}`);
}
