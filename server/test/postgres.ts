/**
 * A throw-away PostgreSQL cluster from the machine's own binaries (Debian's
 * /usr/lib/postgresql/<v>/bin), for tests and the bench: initdb, start on a free port, one database
 * `blade`, about 3-5 s. PostgreSQL refuses to run as root, so as root it runs as the `postgres`
 * account. Absent binaries → null: the caller skips, saying why (POSTGRES_MISSING).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface TempPostgres {
  /** postgres://user[:password]@127.0.0.1:port/blade */
  url: string;
  host: string;
  port: number;
  user: string;
  /** The superuser's password; "" when the cluster trusts every local connection. */
  password: string;
  stop(): void;
}

export interface TempPostgresOptions {
  /** Superuser name (default "bench"). */
  user?: string;
  /** With a password, TCP connections must give it (scram-sha-256); without, every connection is trusted. */
  password?: string;
}

/** Why a PostgreSQL test did not run, for its skip message. */
export const POSTGRES_MISSING = "PostgreSQL binaries not found under /usr/lib/postgresql/<version>/bin (apt-get install postgresql)";

function binDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, "bin", "initdb"))).sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], "bin") : null;
}

export const hasPostgresBinaries = () => binDir() !== null;

/** A port nothing listens on right now (for the cluster, or for a test of a refused connection). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export async function startTempPostgres(options: TempPostgresOptions = {}): Promise<TempPostgres | null> {
  const bin = binDir();
  if (!bin) return null;
  const user = options.user ?? "bench";
  const password = options.password ?? "";
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env) =>
    asRoot
      ? execFileSync("runuser", ["-u", "postgres", "--", join(bin, cmd), ...args], { stdio: "pipe", env })
      : execFileSync(join(bin, cmd), args, { stdio: "pipe", env });
  const dir = mkdtempSync(join(tmpdir(), "blade-pg-"));
  chmodSync(dir, 0o777);
  const data = join(dir, "data");
  const port = await freePort();
  const auth = ["-U", user, "-E", "UTF8", "--no-locale"];
  if (password) {
    const pwfile = join(dir, "pwfile");
    writeFileSync(pwfile, `${password}\n`, { mode: 0o644 });
    // The socket (used below to create the database) stays trusted; TCP, what tests use, asks.
    run("initdb", ["-D", data, ...auth, "--auth-local=trust", "--auth-host=scram-sha-256", `--pwfile=${pwfile}`]);
    rmSync(pwfile);
  } else {
    run("initdb", ["-D", data, ...auth, "--auth=trust"]);
  }
  run("pg_ctl", ["-D", data, "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100`, "-l", join(dir, "log"), "-w", "start"]);
  run("createdb", ["-h", dir, "-p", String(port), "-U", user, "blade"]);
  const credentials = password ? `${user}:${encodeURIComponent(password)}` : user;
  return {
    url: `postgres://${credentials}@127.0.0.1:${port}/blade`,
    host: "127.0.0.1",
    port,
    user,
    password,
    stop: () => {
      spawnSync(asRoot ? "runuser" : join(bin, "pg_ctl"), asRoot ? ["-u", "postgres", "--", join(bin, "pg_ctl"), "-D", data, "-m", "immediate", "stop"] : ["-D", data, "-m", "immediate", "stop"], { stdio: "ignore" });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
