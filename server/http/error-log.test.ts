import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { nextId } from "../db/ids";
import { user } from "../db/schema";
import { freshApp, type TestApp } from "../test/fresh-app";
import { MAX_LOG_LINE, errorLogger, errorSummary } from "./error-log";

let t: TestApp;
beforeAll(async () => {
  t = await freshApp({ oauth: false });
});
afterAll(() => t.close());

const SECRET_HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$c2VjcmV0aGFzaHZhbHVldGhhdG11c3RuZXZlcmxlYWs";

describe("what the log says about an error", () => {
  it("a failed statement: its SQLSTATE, constraint and table, never the statement or its parameters", async () => {
    const [admin] = await t.db.select().from(user).where(sql`${user.account} = 'admin'`);
    const error = await t.db
      .insert(user)
      .values({ ...admin, id: nextId(), password: SECRET_HASH, phone: "13912345678" })
      .then(() => undefined, (e: unknown) => e);
    // Drizzle's own message carries every parameter: exactly what must not reach the log.
    expect(String((error as Error).message)).toContain(SECRET_HASH);
    const line = errorSummary(error);
    expect(line).toMatch(/^database error 23505 constraint=blade_user_account_uq table=blade_user/);
    for (const leak of [SECRET_HASH, "13912345678", "admin", "insert into", "params"]) expect(line).not.toContain(leak);
    expect(line).not.toContain("\n");
  });

  it("a value Postgres quotes in its message is withheld", () => {
    const e = Object.assign(new Error('invalid input syntax for type bigint: "4111111111111111"'), { code: "22P02" });
    expect(errorSummary(e)).toBe('database error 22P02: invalid input syntax for type bigint: "…"');
  });

  it("a Drizzle wrapper without a driver error says only what it is", () => {
    const e = new Error(`Failed query: insert into "blade_user" values ($1)\nparams: ${SECRET_HASH}`);
    e.name = "DrizzleQueryError";
    expect(errorSummary(e)).toMatch(/^DrizzleQueryError \(statement and parameters withheld\)( at .*)?$/);
  });

  it("any other error: one line, bounded, with where it was thrown", () => {
    const line = errorSummary(new TypeError(`boom\n${"x".repeat(5000)}`));
    expect(line).toMatch(/^TypeError: boom x+… at /);
    expect(line.length).toBeLessThanOrEqual(MAX_LOG_LINE + 1);
    expect(line).not.toContain("\n");
  });

  it("at most so many lines a minute; what was dropped is counted in the next line", () => {
    const lines: string[] = [];
    let now = 0;
    const log = errorLogger((l) => lines.push(l), 3, () => now);
    for (let i = 0; i < 10; i++) log(new Error(`e${i}`), "GET /api/x");
    expect(lines).toHaveLength(3);
    now += 60_000;
    log(new Error("later"), "GET /api/x");
    expect(lines[3]).toMatch(/^\[blade\] GET \/api\/x: Error: later .*\(7 earlier errors not logged\)$/);
  });

  it("a write the database refuses is logged as one safe line and answered 500 with nothing of it", async () => {
    await t.db.execute(sql`alter table blade_user add constraint blade_user_no_boom check (account <> 'boom')`);
    const raw: unknown[] = [];
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const original = t.ctx.logError;
    t.ctx.logError = (error, where) => {
      raw.push(error);
      original(error, where);
    };
    try {
      const token = (await t.loginAdmin()).access_token;
      const dept = (await (await t.request("/api/blade-system/dept/tree", { token })).json()).data[0].id;
      const role = (await (await t.request("/api/blade-system/role/tree", { token })).json()).data[0].id;
      const res = await t.request("/api/blade-user/submit", {
        token,
        json: { account: "boom", password: "Passw0rd!x9", password2: "Passw0rd!x9", realName: "张三", phone: "13912345678", deptId: dept, roleId: role },
      });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ code: 500, success: false, data: null, msg: "服务器异常" });
      expect(String((raw[0] as Error).message)).toMatch(/\$argon2id\$|\$scrypt\$|params:/);
      expect(logged).toHaveBeenCalledTimes(1);
      const line = String(logged.mock.calls[0][0]);
      expect(line).toMatch(/^\[blade test\] POST \/api\/blade-user\/submit: database error 23514 constraint=blade_user_no_boom table=blade_user/);
      for (const leak of ["$argon2id$", "$scrypt$", "13912345678", "boom'", "params"]) expect(line).not.toContain(leak);
    } finally {
      t.ctx.logError = original;
      logged.mockRestore();
      await t.db.execute(sql`alter table blade_user drop constraint blade_user_no_boom`);
    }
  });
});
