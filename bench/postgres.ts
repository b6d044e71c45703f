/**
 * A throw-away PostgreSQL cluster for the bench, from the machine's own binaries (Debian's
 * /usr/lib/postgresql/<v>/bin). PostgreSQL refuses to run as root, so as root it runs as the
 * `postgres` account. Absent binaries → null, and the bench says PostgreSQL was not measured.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../scripts/lib/proc";

export interface TempPostgres {
  url: string;
  stop(): void;
}

function binDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, "bin", "initdb"))).sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], "bin") : null;
}

export async function startTempPostgres(): Promise<TempPostgres | null> {
  const bin = binDir();
  if (!bin) return null;
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    asRoot ? execFileSync("runuser", ["-u", "postgres", "--", join(bin, cmd), ...args], { stdio: "pipe" }) : execFileSync(join(bin, cmd), args, { stdio: "pipe" });
  const dir = mkdtempSync(join(tmpdir(), "blade-bench-pg-"));
  chmodSync(dir, 0o777);
  const data = join(dir, "data");
  const port = await freePort();
  run("initdb", ["-D", data, "-U", "bench", "--auth=trust", "-E", "UTF8", "--no-locale"]);
  run("pg_ctl", ["-D", data, "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100`, "-l", join(dir, "log"), "-w", "start"]);
  run("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "bench", "blade"]);
  return {
    url: `postgres://bench@127.0.0.1:${port}/blade`,
    stop: () => {
      spawnSync(asRoot ? "runuser" : join(bin, "pg_ctl"), asRoot ? ["-u", "postgres", "--", join(bin, "pg_ctl"), "-D", data, "-m", "immediate", "stop"] : ["-D", data, "-m", "immediate", "stop"], { stdio: "ignore" });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
