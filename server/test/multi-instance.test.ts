/**
 * Two server instances on one real PostgreSQL, as behind a load balancer: each a child process
 * (nothing shared in memory), both busy with concurrent reads while each check runs. What one
 * instance writes, the other must answer at its very next request — whatever it remembers in its
 * read cache — and what must happen once (an account, a lockout count, a synchroniser run, a
 * worker id) happens once across both.
 *
 * Needs PostgreSQL's binaries (Debian's postgresql-15; .ci/run installs it) and slapd; without
 * them the file fails with the install hint instead of skipping.
 */
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POSTGRES_MISSING, startTempPostgres, type TempPostgres } from "./postgres";
import { sampleTree, startSlapd, SUFFIX, type Slapd } from "./slapd";
import { Client, type Answer } from "./multi-instance/client";
import { heldProxy, type HeldProxy } from "./multi-instance/held-proxy";
import { startInstance, type Instance } from "./multi-instance/instance";
import { localPortsOf, unreadBytes } from "./multi-instance/processes";

const ADMIN_PASSWORD = "Multi-Instance-9x";
const PASSWORD = "Passw0rd!x";
/** How each instance's LISTEN connection names itself in pg_stat_activity (server/db/pg-version.ts). */
const LISTENER_NAME = "blade-data-version";

const MSG_BAD_CREDENTIALS = "用户名或密码错误";
const MSG_LOCKED = "登录错误次数过多,请稍后再试";
const MSG_ACCOUNT_TAKEN = "当前账号已被使用!";
const MSG_SYNC_RUNNING = "该同步器正在运行,请稍后再试";

let cluster: TempPostgres | null = null;
let slapd: Slapd | undefined;
let proxy: HeldProxy | undefined;
let instances: Instance[] = [];
let db: pg.Client | undefined;
let A: Client;
let B: Client;
let admin: string;
let roles: Record<string, string>;
let rootDeptId: string;

beforeAll(async () => {
  const [pgCluster, directory] = await Promise.all([startTempPostgres(), startSlapd({ ldif: sampleTree() })]);
  cluster = pgCluster;
  slapd = directory;
  if (!cluster) throw new Error(POSTGRES_MISSING);
  proxy = await heldProxy(Number(new URL(slapd.url).port));
  const env = { databaseUrl: cluster.url, adminPassword: ADMIN_PASSWORD, secretKey: randomBytes(32).toString("base64") };
  // The first migrates and seeds; the second starts on what the first made, as a scaled-out deployment does.
  instances.push(await startInstance("A", env));
  instances.push(await startInstance("B", env));
  A = new Client("A", instances[0].url, instances[0].output);
  B = new Client("B", instances[1].url, instances[1].output);
  db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
  admin = (await A.login("admin", ADMIN_PASSWORD)).access_token;
  const roleRows = await db.query<{ id: string; role_alias: string }>("select id, role_alias from blade_role where tenant_id = '000000' and is_deleted = 0");
  roles = Object.fromEntries(roleRows.rows.map((r) => [r.role_alias, r.id]));
  rootDeptId = (await db.query<{ id: string }>("select id from blade_dept where tenant_id = '000000' and parent_id = '0' and is_deleted = 0 limit 1")).rows[0].id;
}, 180_000);

afterAll(async () => {
  await db?.end().catch(() => undefined);
  await Promise.all(instances.map((i) => i.stop()));
  instances = [];
  await proxy?.close();
  await slapd?.stop();
  cluster?.stop();
}, 60_000);

/**
 * `work` while `workers` loops keep both instances busy with the reads every console page makes
 * (the caller's info, a user page), half on each: `workers` requests in flight all the time.
 * Every one of those must be answered 200.
 */
async function underLoad<T>(work: () => Promise<T>, workers = 20): Promise<T> {
  let done = false;
  const refused: string[] = [];
  let answered = 0;
  const loops = Array.from({ length: workers }, async (_, i) => {
    const on = i % 2 ? B : A;
    // Mostly what every request does (the caller's session and grants), a page now and then.
    const path = i % 5 === 0 ? "/blade-user/page" : "/blade-user/info";
    while (!done) {
      const res = await on.call(path, { token: admin, query: { current: 1, size: 10 } });
      answered += 1;
      if (res.status !== 200) refused.push(`${on.name} ${path}: ${res.status} ${res.msg}`);
    }
  });
  let result: T;
  try {
    result = await work();
  } finally {
    done = true;
    await Promise.all(loops);
  }
  expect(refused).toEqual([]);
  expect(answered).toBeGreaterThan(workers);
  return result;
}

let serial = 0;
/** An account name no other test uses. */
const account = (prefix: string) => `${prefix}${++serial}${randomBytes(2).toString("hex")}`;

const newUser = (name: string, roleId = roles.user) => ({
  account: name,
  password: PASSWORD,
  password2: PASSWORD,
  realName: "多实例",
  name: "多实例",
  roleId,
  deptId: rootDeptId,
});

async function createOn(on: Client, name: string, roleId?: string): Promise<string> {
  const res = await on.call<{ id: string }>("/blade-user/submit", { token: admin, json: newUser(name, roleId) });
  expect(res.status, `${on.name} submit ${name}: ${res.msg}`).toBe(200);
  return res.data.id;
}

/** The ids a user page on `on` lists for this account filter. */
async function listed(on: Client, name: string): Promise<string[]> {
  const res = await on.call<{ records: { id: string }[]; total: number }>("/blade-user/page", { token: admin, query: { account: name, current: 1, size: 10 } });
  expect(res.status, res.msg).toBe(200);
  return res.data.records.map((r) => r.id);
}

const info = (on: Client, token: string) => on.call("/blade-user/info", { token }).then((r) => r.status);
const grantOutcome = async (on: Client, name: string, password: string) => {
  const res = await on.grant(name, password);
  return res.status === 200 ? "ok" : (res.error_description ?? `${res.status} ${res.msg}`);
};
const sessionIdOf = (token: string) => (JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8")) as { sid: string }).sid;
const rowCount = async (sql: string, params: unknown[]) => Number((await db!.query<{ n: string }>(sql, params)).rows[0].n);

/** The backends (pid, client port) of an instance's LISTEN connection: its own among the look-alikes. */
async function listenersOf(instance: Instance): Promise<{ pid: number; client_port: number }[]> {
  const ports = localPortsOf(instance.pid);
  const rows = await db!.query<{ pid: number; client_port: number }>("select pid, client_port from pg_stat_activity where application_name = $1", [LISTENER_NAME]);
  return rows.rows.filter((r) => ports.has(r.client_port));
}

/** Polls `check` until it holds (a process's reconnect, a background run's end), failing after `ms`. */
async function until(what: string, check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not reached within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("two instances on one PostgreSQL", () => {
  it("hold different worker ids, each leased from the database", async () => {
    const [a, b] = instances;
    expect([a.workerSource, b.workerSource]).toEqual(["a lease", "a lease"]);
    expect(a.workerId).not.toBe(b.workerId);
    const leases = await db!.query<{ worker_id: number; owner: string }>(
      "select worker_id, owner from blade_worker_lease where lease_until > (extract(epoch from clock_timestamp()) * 1000)::bigint",
    );
    const held = new Map(leases.rows.map((r) => [r.worker_id, r.owner]));
    expect(held.has(a.workerId) && held.has(b.workerId)).toBe(true);
    expect(held.get(a.workerId)).not.toBe(held.get(b.workerId));
  });

  it("read-your-writes: a user created on A is listed and detailed by B at once, an edit on B is seen by A at once", async () => {
    const names = [account("ryw"), account("ryw"), account("ryw")];
    // B has just answered these lists (and may remember the answers): A's writes must end that.
    for (const name of names) expect(await listed(B, name)).toEqual([]);
    const ids = await underLoad(async () => {
      const made: string[] = [];
      for (const name of names) {
        const id = await createOn(A, name);
        expect(await listed(B, name)).toEqual([id]);
        expect((await B.call("/blade-user/detail", { token: admin, query: { id } })).data).toMatchObject({ account: name, realName: "多实例" });
        made.push(id);
      }
      return made;
    });
    for (const id of ids) expect((await A.call<{ realName: string }>("/blade-user/detail", { token: admin, query: { id } })).data.realName).toBe("多实例");
    await underLoad(async () => {
      for (const [i, id] of ids.entries()) {
        const edited = await B.call("/blade-user/update", { token: admin, json: { id, realName: `改名${i}` } });
        expect(edited.status, edited.msg).toBe(200);
        expect((await A.call<{ realName: string }>("/blade-user/detail", { token: admin, query: { id } })).data.realName).toBe(`改名${i}`);
      }
    });
  });

  describe("revocation on A is refused by B at its next request", () => {
    /** A new user of role `user` (or the roles given), signed in `times` on B: B has their sessions in memory. */
    async function signedInOnB(prefix: string, times: number, roleId?: string) {
      const name = account(prefix);
      const id = await createOn(A, name, roleId);
      const tokens: string[] = [];
      for (let i = 0; i < times; i++) tokens.push((await B.login(name, PASSWORD)).access_token);
      for (const token of tokens) expect(await info(B, token)).toBe(200);
      return { name, id, tokens };
    }

    it("a disabled user", async () => {
      const { name, id, tokens } = await signedInOnB("off", 1);
      await underLoad(async () => {
        const res = await A.call("/blade-user/changeStatus", { method: "POST", token: admin, query: { ids: id, status: 0 } });
        expect(res.msg).toBe("操作成功");
        expect(await info(B, tokens[0])).toBe(401);
        expect(await grantOutcome(B, name, PASSWORD)).toBe("该账号已被禁用,请联系管理员");
      });
    });

    it("a session stopped in 会话管理, and a session logged out", async () => {
      const { tokens } = await signedInOnB("stop", 2);
      const [stopped, loggedOut] = tokens;
      await underLoad(async () => {
        const stop = await A.call("/blade-user/userSession/stopSession", { method: "POST", token: admin, query: { sessionIds: sessionIdOf(stopped) } });
        expect(stop.msg).toBe("操作成功");
        expect(await info(B, stopped)).toBe(401);
        expect(await info(B, loggedOut)).toBe(200);
        expect((await A.call("/blade-auth/oauth/logout", { method: "POST", token: loggedOut })).status).toBe(200);
        expect(await info(B, loggedOut)).toBe(401);
      });
    });

    it("a demotion: the permission the removed role gave is refused", async () => {
      const { id, tokens } = await signedInOnB("demo", 1, `${roles.administrator},${roles.user}`);
      expect((await B.call("/blade-user/page", { token: tokens[0] })).status).toBe(200);
      await underLoad(async () => {
        const res = await A.call("/blade-user/setRole", { method: "POST", token: admin, query: { ids: id, roleIds: roles.user } });
        expect(res.msg).toBe("操作成功");
        expect((await B.call("/blade-user/page", { token: tokens[0] })).status).toBe(403);
        expect(await info(B, tokens[0])).toBe(200);
      });
    });

    it("a password change ends the user's other sessions and the old password", async () => {
      const { name, tokens } = await signedInOnB("pw", 2);
      const [changer, other] = tokens;
      const fresh = "Fresh-Start-9";
      await underLoad(async () => {
        const oldPassword = createHash("md5").update(PASSWORD).digest("hex");
        const res = await A.call("/blade-user/update-password", { token: changer, json: { oldPassword, newPassword: fresh, newPassword1: fresh } });
        expect(res.msg).toBe("操作成功");
        expect(await info(B, other)).toBe(401);
        expect(await info(B, changer)).toBe(200);
        expect(await grantOutcome(B, name, PASSWORD)).toBe(MSG_BAD_CREDENTIALS);
      });
      expect(await grantOutcome(B, name, fresh)).toBe("ok");
    });
  });

  it("a killed LISTEN connection: B still answers exactly, and its listener comes back", async () => {
    const [, instanceB] = instances;
    const before = (await listenersOf(instanceB)).map((l) => l.pid);
    expect(before).toHaveLength(1);

    const [name, later, victim] = [account("deaf"), account("heard"), account("deafoff")];
    const victimId = await createOn(A, victim);
    const victimToken = (await B.login(victim, PASSWORD)).access_token;
    // What B may remember: empty lists for `name` and `later`, the victim's live session.
    expect(await listed(B, name)).toEqual([]);
    expect(await listed(B, later)).toEqual([]);
    expect(await info(B, victimToken)).toBe(200);

    await underLoad(async () => {
      // Waits (up to 5 s) until the backend has gone: from here on nobody tells B about writes.
      const killed = await db!.query<{ ok: boolean }>("select pg_terminate_backend($1, 5000) as ok", [before[0]]);
      expect(killed.rows[0].ok).toBe(true);
      const id = await createOn(A, name);
      expect(await listed(B, name)).toEqual([id]);
      await A.call("/blade-user/changeStatus", { method: "POST", token: admin, query: { ids: victimId, status: 0 } });
      expect(await info(B, victimToken)).toBe(401);
    });

    await until("B's LISTEN connection is back", async () => {
      const now = await listenersOf(instanceB);
      return now.length === 1 && now[0].pid !== before[0];
    });
    // Listening again, B answers from memory again: and still exactly.
    expect(await listed(B, later)).toEqual([]);
    await underLoad(async () => {
      const laterId = await createOn(A, later);
      expect(await listed(B, later)).toEqual([laterId]);
    });
  });

  it("a read on B right after A's commit is exact even while B's notification is still on its way", async () => {
    // Under load the backend that delivers B's notifications may not have run yet when A has
    // committed, answered, and the caller asked B: stopping it makes that moment last.
    const [backend] = await listenersOf(instances[1]);
    const name = account("late");
    expect(await listed(B, name)).toEqual([]);
    process.kill(backend.pid, "SIGSTOP");
    let answer: Promise<string[]> | undefined;
    let id = "";
    try {
      id = await createOn(A, name);
      let answered = false;
      answer = listed(B, name).finally(() => (answered = true));
      // B has answered, or is waiting on its LISTEN connection (a request the stopped backend has not read).
      await until("B answers or asks its LISTEN connection", async () => answered || unreadBytes(cluster!.port, backend.client_port) > 0);
    } finally {
      process.kill(backend.pid, "SIGCONT");
    }
    expect(await answer).toEqual([id]);
  });

  it("two instances racing to create one account: one succeeds, the other is told the account is taken", () =>
    underLoad(async () => {
      for (let i = 0; i < 3; i++) {
        const name = account("race");
        const answers: Answer[] = await Promise.all([A, B].map((on) => on.call("/blade-user/submit", { token: admin, json: newUser(name) })));
        expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
        expect(answers.find((a) => a.status === 400)!.msg).toBe(MSG_ACCOUNT_TAKEN);
        expect(await rowCount("select count(*) as n from blade_user where tenant_id = '000000' and account = $1 and is_deleted = 0", [name])).toBe(1);
      }
    }));

  it("the sign-in lockout counts wrong passwords on both instances together", async () => {
    const policy = await A.call<{ lockThreshold: number }>("/blade-system/sysConfig/getPasswordPolicy", { token: admin });
    const threshold = policy.data.lockThreshold;
    expect(threshold).toBeGreaterThan(1);
    const [inTurn, atOnce] = [account("lock"), account("lockrace")];
    await createOn(A, inTurn);
    await createOn(B, atOnce);

    await underLoad(async () => {
      // In turn: A, B, A, … — each instance alone sees fewer than the threshold.
      for (let i = 0; i < threshold; i++) expect(await grantOutcome(i % 2 ? B : A, inTurn, "wrong-guess")).toBe(MSG_BAD_CREDENTIALS);
      expect(await grantOutcome(A, inTurn, PASSWORD)).toBe(MSG_LOCKED);
      expect(await grantOutcome(B, inTurn, PASSWORD)).toBe(MSG_LOCKED);

      // All at once, half on each: exactly `threshold` are checked, the rest refused as locked.
      const answers = await Promise.all(Array.from({ length: 2 * threshold }, (_, i) => grantOutcome(i % 2 ? B : A, atOnce, "wrong-guess")));
      expect(answers.filter((a) => a === MSG_BAD_CREDENTIALS)).toHaveLength(threshold);
      expect(answers.filter((a) => a === MSG_LOCKED)).toHaveLength(threshold);
    });
  });

  it("a synchroniser started on A and B at the same moment runs once", async () => {
    const created = await A.call<{ id: string }>("/authentication/userSynchronizers/submit", {
      token: admin,
      json: {
        name: "多实例目录",
        sourceType: "ldap",
        endpoint: `ldap://127.0.0.1:${proxy!.port}`,
        principal: slapd!.rootDn,
        // Sealed by A with the key both instances share; B's run must open it.
        secret: slapd!.rootPassword,
        userBaseDn: SUFFIX,
        deptBaseDn: SUFFIX,
        roleId: roles.user,
        missingPolicy: "keep",
      },
    });
    expect(created.status, created.msg).toBe(200);
    const id = created.data.id;
    const people = ["zhangsan", "lisi", "wangwu", "zhaoliu"];

    const taskId = await underLoad(async () => {
      // The directory answers nobody until released: the run that wins stays running meanwhile.
      proxy!.hold();
      const answers = await Promise.all([A, B].map((on) => on.call<{ id: string; taskStatus: number }>(`/authentication/userSynchronizers/sync/${id}`, { token: admin })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
      expect(answers.find((a) => a.status === 400)!.msg).toBe(MSG_SYNC_RUNNING);
      const started = answers.find((a) => a.status === 200)!;
      expect(started.data.taskStatus).toBe(0);
      // Both instances say it is running, and a third try on either is refused as well.
      for (const on of [A, B]) {
        expect((await on.call<{ running: boolean }>(`/authentication/userSynchronizers/detail`, { token: admin, query: { id } })).data.running).toBe(true);
        expect((await on.call(`/authentication/userSynchronizers/sync/${id}`, { token: admin })).msg).toBe(MSG_SYNC_RUNNING);
      }
      proxy!.release();
      return started.data.id;
    });

    await until("the run ends", async () => (await B.call<{ taskStatus: number }>("/authentication/taskResult/detail", { token: admin, query: { id: taskId } })).data.taskStatus !== 0);
    const task = (await B.call("/authentication/taskResult/detail", { token: admin, query: { id: taskId } })).data;
    // 成功, with the sample tree's four units and four people created once.
    expect(task).toMatchObject({ taskStatus: 1, created: 8 });
    expect(await rowCount("select count(*) as n from blade_task_result where synchronizer_id = $1", [id])).toBe(1);
    for (const person of people) {
      expect(await rowCount("select count(*) as n from blade_user where tenant_id = '000000' and account = $1 and is_deleted = 0", [person]), person).toBe(1);
    }
  });
});
