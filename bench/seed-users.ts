/**
 * Direct seeding for the API bench: writes N users into a fresh data directory through the
 * server's own DB layer (server/db) BEFORE the server starts — seconds instead of minutes, since
 * every POST /api/blade-user/submit hashes a password. The rows look like the ones the API
 * creates: tenant 000000, role `user`, the root department, one shared password hash.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { openDatabase } from "../server/db/connection";
import { nextId } from "../server/db/ids";
import { dept, role, user, userDept } from "../server/db/schema";
import { seedIfFirstStart } from "../server/db/seed";
import { formatDateTime } from "../server/db/time";
import { hashPlainPassword } from "../server/security/password";
import { BENCH_USER_PASSWORD, benchUserFields } from "./users";

const TENANT = "000000";
const BATCH = 500;

export interface SeedOptions {
  /** A PGlite data directory, or a PostgreSQL URL. */
  dataDir?: string;
  url?: string;
  users: number;
  adminPassword: string;
}

export async function seedUsers({ dataDir, url, users, adminPassword }: SeedOptions): Promise<number> {
  const database = await openDatabase(url ? { url } : { dataDir: dataDir! });
  try {
    const { db } = database;
    await database.migrate();
    await seedIfFirstStart(db, {
      adminPassword,
      clientId: process.env.BLADE_CLIENT_ID,
      clientSecret: process.env.BLADE_CLIENT_SECRET,
      // The bench signs in with the plain password grant.
      captchaRequired: false,
    });
    const [admin] = await db.select({ id: user.id }).from(user).where(and(eq(user.tenantId, TENANT), eq(user.account, "admin")));
    const [userRole] = await db.select({ id: role.id }).from(role).where(and(eq(role.tenantId, TENANT), eq(role.roleAlias, "user")));
    const [rootDept] = await db.select({ id: dept.id }).from(dept).where(and(eq(dept.tenantId, TENANT), eq(dept.parentId, "0"))).orderBy(asc(dept.sort));
    if (!admin || !userRole || !rootDept) throw new Error("the first-start seed has no admin, role `user` or root department");

    const password = await hashPlainPassword(BENCH_USER_PASSWORD);
    const now = formatDateTime(new Date());
    for (let start = 0; start < users; start += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, users - start) }, (_, k) => ({
        id: nextId(),
        tenantId: TENANT,
        ...benchUserFields(start + k),
        password,
        roleId: userRole.id,
        deptId: rootDept.id,
        createUser: admin.id,
        createDept: rootDept.id,
        createTime: now,
        updateUser: admin.id,
        updateTime: now,
      }));
      await db.transaction(async (tx) => {
        await tx.insert(user).values(rows);
        await tx.insert(userDept).values(rows.map((r) => ({ id: nextId(), userId: r.id, deptId: rootDept.id })));
      });
    }
    // As autovacuum would soon after a bulk load: statistics for the planner, a visibility map for
    // index-only counts.
    await db.execute(sql`vacuum analyze`);
    return users;
  } finally {
    await database.close();
  }
}
