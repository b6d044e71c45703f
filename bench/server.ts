/**
 * The reference server as a child process for the bench: `tsx server/index.ts` on a free port of
 * 127.0.0.1 with its own data directory. Its output is kept (last lines) for error messages.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { bin, freePort } from "../scripts/lib/proc";

export interface RunningServer {
  baseUrl: string;
  /** tsx's process (the group leader); the server's node is its descendant (bench/user-sync.ts measures it). */
  pid: number | undefined;
  stop(): Promise<void>;
}

/** `env` is added to ours; a key given as undefined is removed (e.g. DATABASE_URL). */
export async function startServer(env: Record<string, string | undefined>, timeoutMs = 120_000): Promise<RunningServer> {
  if (!existsSync("server/index.ts")) throw new Error("server/index.ts is missing: there is no server to measure yet");
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { cmd, pre } = bin("tsx");
  const child: ChildProcess = spawn(cmd, [...pre, "server/index.ts"], {
    env: Object.fromEntries(
      Object.entries({ ...process.env, ...env, PORT: String(port) }).filter(([, v]) => v !== undefined),
    ),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // its own process group, so that stop() ends tsx and the node it starts
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

  const kill = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      /* already gone */
    }
  };
  const onExit = () => kill("SIGKILL");
  process.on("exit", onExit);

  const stop = async () => {
    process.off("exit", onExit);
    if (exited !== null) return;
    const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    kill("SIGTERM");
    const timer = setTimeout(() => kill("SIGKILL"), 5_000);
    await gone;
    clearTimeout(timer);
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited !== null) {
      throw new Error(`the server exited (code ${exited}) before answering /api/health:\n${tail.join("\n")}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return { baseUrl, pid: child.pid, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`the server did not answer ${baseUrl}/api/health within ${timeoutMs / 1000} s:\n${tail.join("\n")}`);
}
