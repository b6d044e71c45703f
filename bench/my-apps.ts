/**
 * 我的应用 bench (issue 21): a user whose applications come through directories — 50 directories
 * (10 at the top, 20 below them, 20 below those), 500 enabled applications filed 10 to a
 * directory, one application role given every directory, the user holding that role and the
 * seeded role 普通用户 (the 资源中心 pages) — written straight into a fresh data directory, the
 * server started on it, then the p95 of the user's 我的应用 (list, newlist) and 我的资源.
 * Exported for bench/run.ts: benchMyApps() measures, printMyApps() prints.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { basicAuthHeader, createBladeApi } from "../scripts/lib/blade-api";
import { summarize, type Latency } from "../scripts/lib/stats";
import { openDatabase, type Db } from "../server/db/connection";
import { nextId } from "../server/db/ids";
import { app, appCategory, appDirectory, appDirectoryApp, appRole, appRoleDirectory, dept, role, user, userAppRole, userDept } from "../server/db/schema";
import { seedIfFirstStart } from "../server/db/seed";
import { formatDateTime } from "../server/db/time";
import { hashPlainPassword } from "../server/security/password";
import { BENCH_USER_PASSWORD } from "./users";
import { startServer } from "./server";

const TENANT = "000000";
/** The bench user (password BENCH_USER_PASSWORD). */
export const MY_APPS_ACCOUNT = "benchapps";
const WARMUP = 20;
const SAMPLES = 200;
const CATEGORIES = 10;

/** The budget: 我的应用 of such a user answers in 50 ms at the 95th percentile. */
export const MY_APPS_BUDGET_P95_MS = 50;

const ENDPOINTS = {
  list: "/api/authentication/myApplication/list",
  newlist: "/api/authentication/myApplication/newlist",
  myResources: "/api/myResources/list",
} as const;

export interface MyAppsBenchResult {
  directories: number;
  applications: number;
  seeding: { seconds: number };
  api: Record<keyof typeof ENDPOINTS, Latency & { path: string; rows: number }>;
  budgets: { name: string; pass: boolean; detail: string }[];
}

/** Directory i's parent: 0-9 at the top, 10-29 below 0-9, 30-49 below 10-29 (three levels). */
const parentIndex = (i: number) => (i < 10 ? -1 : i < 30 ? (i - 10) % 10 : 10 + ((i - 30) % 20));

/**
 * Writes the categories, directories, applications, application role and user into a seeded
 * database (tenant 000000). Exported so that the same data can be profiled in process.
 */
export async function fileApplications(db: Db, directories = 50, applications = 500): Promise<void> {
  const [admin] = await db.select({ id: user.id }).from(user).where(and(eq(user.tenantId, TENANT), eq(user.account, "admin")));
  const [userRole] = await db.select({ id: role.id }).from(role).where(and(eq(role.tenantId, TENANT), eq(role.roleAlias, "user")));
  const [rootDept] = await db.select({ id: dept.id }).from(dept).where(and(eq(dept.tenantId, TENANT), eq(dept.parentId, "0")));
  if (!admin || !userRole || !rootDept) throw new Error("the first-start seed has no admin, role `user` or root department");
  const now = formatDateTime(new Date());
  const audit = { tenantId: TENANT, createUser: admin.id, updateUser: admin.id, createTime: now, updateTime: now };

  const categoryIds = Array.from({ length: CATEGORIES }, () => nextId());
  const dirIds = Array.from({ length: directories }, () => nextId());
  const appIds = Array.from({ length: applications }, () => nextId());
  const roleId = nextId();
  const userId = nextId();
  const password = await hashPlainPassword(BENCH_USER_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.insert(appCategory).values(categoryIds.map((id, i) => ({ ...audit, id, categoryName: `压测分类${i + 1}`, sort: i })));
    await tx.insert(app).values(
      appIds.map((id, i) => ({
        ...audit,
        id,
        categoryId: categoryIds[i % CATEGORIES],
        appName: `压测应用${String(i + 1).padStart(3, "0")}`,
        appCode: `bench-app-${i + 1}`,
        appUrl: `https://app${i + 1}.example.com/`,
        sort: i,
      })),
    );
    await tx.insert(appDirectory).values(
      dirIds.map((id, i) => {
        const parent = parentIndex(i);
        return { ...audit, id, parentId: parent < 0 ? "0" : dirIds[parent], directoryName: `压测目录${i + 1}`, directoryCode: `bench-dir-${i + 1}`, sort: i };
      }),
    );
    // Each application filed in one directory, evenly.
    await tx.insert(appDirectoryApp).values(appIds.map((appId, i) => ({ id: nextId(), tenantId: TENANT, directoryId: dirIds[i % directories], appId, sort: i })));
    await tx.insert(appRole).values({ ...audit, id: roleId, appId: appIds[0], roleName: "压测目录角色", roleCode: "bench-dir-role" });
    await tx.insert(appRoleDirectory).values(dirIds.map((directoryId) => ({ id: nextId(), tenantId: TENANT, appRoleId: roleId, directoryId })));
    await tx.insert(user).values({
      ...audit,
      id: userId,
      account: MY_APPS_ACCOUNT,
      name: MY_APPS_ACCOUNT,
      realName: "压测应用用户",
      password,
      roleId: userRole.id,
      deptId: rootDept.id,
      createDept: rootDept.id,
    });
    await tx.insert(userDept).values({ id: nextId(), userId, deptId: rootDept.id });
    await tx.insert(userAppRole).values({ id: nextId(), tenantId: TENANT, userId, appRoleId: roleId });
  });
}

async function seedApps(dataDir: string, adminPassword: string, directories: number, applications: number): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    const { db } = database;
    await database.migrate();
    await seedIfFirstStart(db, { adminPassword, captchaRequired: false });
    await fileApplications(db, directories, applications);
    // As autovacuum would soon after a bulk load: statistics for the planner.
    await db.execute(sql`vacuum analyze`);
  } finally {
    await database.close();
  }
}

export async function benchMyApps(opts: { directories?: number; applications?: number } = {}): Promise<MyAppsBenchResult> {
  const directories = opts.directories ?? 50;
  const applications = opts.applications ?? 500;
  const dataDir = mkdtempSync(join(tmpdir(), "blade-bench-my-apps-"));
  const password = `Bn!${randomBytes(5).toString("hex")}#1A`;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    console.log(`[myApps] Seeding ${directories} directories with ${applications} applications …`);
    const t = Date.now();
    await seedApps(dataDir, password, directories, applications);
    const seconds = (Date.now() - t) / 1000;
    console.log("[myApps] Starting the server …");
    server = await startServer({ BLADE_DATA_DIR: dataDir, BLADE_ADMIN_PASSWORD: password, DATABASE_URL: undefined, VITE_CAPTCHA_MODE: "false" });
    const token = await createBladeApi(server.baseUrl).token(MY_APPS_ACCOUNT, BENCH_USER_PASSWORD);
    const headers = { Authorization: basicAuthHeader(), "Blade-Auth": `bearer ${token}` };
    console.log(`[myApps] Measuring (${WARMUP} warm-up, ${SAMPLES} timed each) …`);
    const api = {} as MyAppsBenchResult["api"];
    for (const [key, path] of Object.entries(ENDPOINTS) as [keyof typeof ENDPOINTS, string][]) {
      let rows = 0;
      const get = async () => {
        const res = await fetch(`${server!.baseUrl}${path}`, { headers });
        const body = (await res.json()) as { code: number; msg?: string; data: unknown[] };
        if (body.code !== 200) throw new Error(`GET ${path}: code ${body.code} ${body.msg ?? ""}`);
        rows = body.data.length;
      };
      for (let i = 0; i < WARMUP; i++) await get();
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const s = performance.now();
        await get();
        times.push(performance.now() - s);
      }
      api[key] = { path, rows, ...summarize(times) };
    }
    // A fast empty list would prove nothing: every application must have been listed.
    if (api.list.rows !== applications) throw new Error(`我的应用 listed ${api.list.rows} applications, not ${applications}`);
    const budgets = Object.entries(api).map(([key, f]) => ({
      name: `${key} p95, ${applications} applications in ${directories} directories`,
      pass: f.p95 <= MY_APPS_BUDGET_P95_MS,
      detail: `${f.p95} ms ≤ ${MY_APPS_BUDGET_P95_MS} ms`,
    }));
    return { directories, applications, seeding: { seconds }, api, budgets };
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printMyApps(r: MyAppsBenchResult): void {
  console.log(`\n我的应用: ${r.applications} applications in ${r.directories} directories, seeded in ${r.seeding.seconds.toFixed(1)} s`);
  for (const [key, f] of Object.entries(r.api)) console.log(`  ${key.padEnd(12)} ${f.rows} rows  p50 ${f.p50} ms  p95 ${f.p95} ms  max ${f.max} ms   ${f.path}`);
  for (const b of r.budgets) console.log(`  ${b.pass ? "✓" : "✗"} ${b.name}: ${b.detail}`);
}

// `npx tsx bench/my-apps.ts`: this part alone.
if (process.argv[1] && resolve(process.argv[1]) === resolve("bench/my-apps.ts")) {
  benchMyApps().then(
    (r) => {
      printMyApps(r);
      process.exit(r.budgets.every((b) => b.pass) ? 0 : 1);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
