/** Child processes and ports for scripts/test.ts and the bench. */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

/** A tool from node_modules/.bin when installed there, else through npx. */
export function bin(name: string, cwd = process.cwd()): { cmd: string; pre: string[] } {
  const local = join(cwd, "node_modules", ".bin", name);
  return existsSync(local) ? { cmd: local, pre: [] } : { cmd: "npx", pre: ["--no-install", name] };
}

/** Runs a tool with its output streamed to ours; resolves with its exit code (127 if it could not start). */
export function run(name: string, args: string[], opts: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<number> {
  const { cmd, pre } = bin(name, opts.cwd);
  return new Promise((resolve) => {
    const child = spawn(cmd, [...pre, ...args], {
      cwd: opts.cwd,
      env: { ...process.env, ...opts.env },
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("error", (err) => {
      console.error(`could not start ${name}: ${err.message}`);
      resolve(127);
    });
    child.on("close", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** Runs a tool with its output kept (stdout and stderr in order); resolves with its exit code and output. */
export function capture(name: string, args: string[], opts: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<{ code: number; output: string }> {
  const { cmd, pre } = bin(name, opts.cwd);
  return new Promise((resolve) => {
    let output = "";
    const child = spawn(cmd, [...pre, ...args], { cwd: opts.cwd, env: { ...process.env, ...opts.env }, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("error", (err) => resolve({ code: 127, output: `could not start ${name}: ${err.message}\n` }));
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output }));
  });
}

/** A TCP port free on 127.0.0.1 right now (the preferred one when it is free). */
export function freePort(preferred = 0): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const srv = createServer();
      srv.unref();
      srv.once("error", reject);
      srv.listen(port, "127.0.0.1", () => {
        const addr = srv.address();
        const got = typeof addr === "object" && addr ? addr.port : port;
        srv.close(() => resolve(got));
      });
    });
  return tryPort(preferred).catch(() => tryPort(0));
}
