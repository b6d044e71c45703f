/**
 * Instances bench (issue 23): the user list's throughput with one server instance and with two on
 * one PostgreSQL, in the same run on the same machine. 10,000 users are seeded directly; each of
 * 50 clients reads another page every time (no answer repeats, so memory helps neither side),
 * spread round-robin over the instances. On two cores the instances, PostgreSQL and the load
 * generator share the machine: the figure says what a second instance buys here, not on a
 * machine with a core per instance.
 */
import { randomBytes } from "node:crypto";
import type { Page, UserVO } from "../domain/contract";
import { basicAuthHeader, createBladeApi, ok } from "../scripts/lib/blade-api";
import { load, type LoadResult } from "./load";
import { startTempPostgres } from "./postgres";
import { seedUsers } from "./seed-users";
import { startServer, type RunningServer } from "./server";

const USERS = 10_000;
const PAGE_SIZE = 10;
const CLIENTS = 50;
const SECONDS = 15;

export interface InstancesBenchResult {
  users: number;
  one: LoadResult;
  two: LoadResult;
  /** two.perSecond / one.perSecond */
  gain: number;
  budgets: { name: string; pass: boolean }[];
}

export async function benchInstances(): Promise<InstancesBenchResult> {
  const pg = await startTempPostgres();
  if (!pg) throw new Error("no PostgreSQL binaries under /usr/lib/postgresql");
  const password = `Bn!${randomBytes(5).toString("hex")}#1A`;
  const env = {
    DATABASE_URL: pg.url,
    BLADE_SECRET_KEY: randomBytes(32).toString("base64"),
    BLADE_ADMIN_PASSWORD: password,
    VITE_CAPTCHA_MODE: "false",
    BLADE_WORKER_ID: undefined,
  };
  const servers: RunningServer[] = [];
  try {
    console.log(`[instances] Seeding ${USERS} users …`);
    await seedUsers({ url: pg.url, users: USERS, adminPassword: password });
    servers.push(await startServer(env));
    const token = (await createBladeApi(servers[0].baseUrl).login("admin", password)).access_token;
    const first = ok(await createBladeApi(servers[0].baseUrl).get<Page<UserVO>>(token, "/blade-user/page", { current: 1, size: PAGE_SIZE }), "user page");
    const pages = Math.floor(first.total / PAGE_SIZE);
    const headers = { Authorization: basicAuthHeader(), "Blade-Auth": `bearer ${token}` };
    const run = (bases: string[]) =>
      load({
        baseUrl: bases,
        clients: CLIENTS,
        seconds: SECONDS,
        next: (i) => ({ path: `/api/blade-user/page?current=${1 + ((i * 7919) % pages)}&size=${PAGE_SIZE}`, headers }),
        ok: (status, body) => status === 200 && body.includes('"code":200') && body.includes('"records":[{'),
      });
    console.log(`[instances] One instance: ${CLIENTS} clients for ${SECONDS} s, every request another page …`);
    await run([servers[0].baseUrl]).catch(() => undefined); // warm-up of the JIT and the pool, not counted
    const one = await run([servers[0].baseUrl]);
    servers.push(await startServer(env));
    console.log(`[instances] Two instances, round-robin …`);
    await run(servers.map((s) => s.baseUrl)).catch(() => undefined);
    const two = await run(servers.map((s) => s.baseUrl));
    const gain = Math.round((two.perSecond / Math.max(1, one.perSecond)) * 100) / 100;
    return {
      users: first.total,
      one,
      two,
      gain,
      budgets: [
        { name: "no errors with one instance", pass: one.errors === 0 },
        { name: "no errors with two instances", pass: two.errors === 0 },
      ],
    };
  } finally {
    for (const s of servers) await s.stop();
    pg.stop();
  }
}

export function printInstances(r: InstancesBenchResult): void {
  console.log(`\nUser list on one PostgreSQL (${r.users} users, ${CLIENTS} clients, every request another page)`);
  console.log("instances  req/s    p50 ms   p99 ms  errors");
  for (const [n, x] of [["1", r.one], ["2", r.two]] as const) {
    console.log(`${n.padEnd(9)}  ${String(x.perSecond).padStart(5)}  ${String(x.p50).padStart(8)}  ${String(x.p99).padStart(7)}  ${String(x.errors).padStart(6)}`);
  }
  console.log(`two/one: ${r.gain}`);
  for (const b of r.budgets) console.log(`${b.pass ? "PASS" : "FAIL"} ${b.name}`);
}
