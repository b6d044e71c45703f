import { describe, expect, it } from "vitest";
import { citusLayout } from "./citus";
import { ALL_TENANTS, KNOWN_UNSCOPED, servingRequest, statementCheckLogger, tablesWithoutTenant, takeStatementFindings } from "./statement-check";

const distributed = citusLayout().distributed;
const check = (sql: string) => tablesWithoutTenant(sql, distributed);

describe("the statement check (issue 23)", () => {
  it("passes drizzle's statements that name the table's tenant, and inserts that set it", () => {
    expect(check(`select "id" from "blade_user" where ("blade_user"."id" = $1 and "blade_user"."tenant_id" = $2)`)).toEqual([]);
    expect(check(`insert into "blade_user" ("id", "tenant_id", "account") values ($1, $2, $3)`)).toEqual([]);
    expect(check(`update "blade_post" set "post_name" = $1 where ("blade_post"."id" = $2 and "blade_post"."tenant_id" = $3)`)).toEqual([]);
  });

  it("finds a statement that reaches a tenant table by its id alone", () => {
    expect(check(`select "id" from "blade_user" where "blade_user"."id" = $1`)).toEqual(["blade_user"]);
    expect(check(`delete from "blade_post" where "blade_post"."id" in ($1, $2)`)).toEqual(["blade_post"]);
  });

  it("passes the administrator's reads across tenants, which say so", () => {
    expect(check(`select count(*) from "blade_user" where (true ${ALL_TENANTS} and "blade_user"."is_deleted" = $1)`)).toEqual([]);
  });

  it("reads hand-written statements by their aliases", () => {
    const correlated = `select (select lf.locked_until from blade_login_failure lf where lf.tenant_id = "blade_user"."tenant_id" and lf.account = "blade_user"."account") from "blade_user" where "blade_user"."tenant_id" = $1`;
    expect(check(correlated)).toEqual([]);
    expect(check(`select r.id from blade_role r where r.id = $1`)).toEqual(["blade_role"]);
    expect(check(`select user_id from blade_auth_session where id = $1 and tenant_id = $2`)).toEqual([]);
    expect(check(`select user_id from blade_auth_session where id = $1`)).toEqual(["blade_auth_session"]);
  });

  it("leaves platform tables alone", () => {
    expect(check(`select "id" from "blade_menu" where "blade_menu"."id" = $1`)).toEqual([]);
  });

  it("gives every known exception a reason and a table the check covers", () => {
    for (const k of KNOWN_UNSCOPED) {
      expect(distributed, k.table).toContain(k.table);
      expect(k.why.length, k.table).toBeGreaterThan(30);
    }
  });

  it("records, while a request is served, each statement that fails and is not known; nothing outside requests", async () => {
    const logger = statementCheckLogger({ BLADE_STATEMENT_CHECK: "1" })!;
    takeStatementFindings();
    logger.logQuery(`select "id" from "blade_post" where "blade_post"."id" = $1`, []);
    expect(takeStatementFindings()).toEqual([]);
    await servingRequest.run(true, async () => {
      logger.logQuery(`select "id" from "blade_post" where "blade_post"."id" in ($1, $2)`, []);
      logger.logQuery(`select "id" from "blade_post" where "blade_post"."id" in ($1, $2, $3)`, []);
      logger.logQuery(`select distinct "tenant_id" from "blade_login_failure"`, []);
      logger.logQuery(`select "id" from "blade_post" where "blade_post"."tenant_id" = $1`, []);
    });
    expect(takeStatementFindings()).toEqual([`blade_post: select "id" from "blade_post" where "blade_post"."id" in ($1, …)`]);
    expect(statementCheckLogger({})).toBeUndefined();
  });
});
