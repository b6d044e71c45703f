import { describe, expect, it } from "vitest";
import { MSG_HIGH_RISK } from "./findings";
import { hqlRisks, hqlSyntaxErrors } from "./hql";

const flagged = (sql: string) => hqlRisks(sql).length;

describe("HQL high-risk statements (parsed by the Hive grammar)", () => {
  it.each([
    ["drop table x", 1],
    ["DROP TABLE IF EXISTS db.t PURGE", 1],
    ["Drop Table x", 1],
    ["truncate table t", 1],
    ["TRUNCATE TABLE a.b PARTITION (dt='2024-01-01')", 1],
    ["drop function f", 1],
    ["drop temporary function if exists f", 1],
    ["drop database d", 1],
    ["drop database if exists d cascade", 1],
    ["drop schema s", 1],
    ["alter database d set dbproperties ('k'='v')", 1],
    ["ALTER SCHEMA d SET OWNER USER bob", 1],
    ["select 1;\ndrop table t;\nselect 2", 1],
    ["drop table a; drop table b; truncate table c", 3],
  ])("flags %j", (sql, count) => {
    expect(flagged(sql)).toBe(count);
  });

  it.each([
    "select 'drop table x'",
    'select "truncate table t" as s',
    "select drop_table from t",
    "select * from drop_table",
    "select truncate_table, drop_database from t where alter_database = 1",
    "-- drop table x\nselect 1",
    "select 1 -- drop table x",
    "  -- truncate table t",
    "alter table t rename to u",
    "alter table t add columns (c int)",
    "drop view v",
    "create table t (id int)",
    "insert into t select * from s",
    "create database d",
    "",
    "   \n  ",
  ])("does not flag %j", (sql) => {
    expect(flagged(sql)).toBe(0);
  });

  it("marks the statement itself, across lines, with the §5 warning", () => {
    const [risk] = hqlRisks("select 1;\n\n  drop table\n    sales.orders");
    expect(risk).toEqual({
      kind: "risk",
      message: MSG_HIGH_RISK,
      startLineNumber: 3,
      startColumn: 3,
      endLineNumber: 4,
      endColumn: 17,
    });
  });

  it("marks each statement of a one-line script where it stands", () => {
    const risks = hqlRisks("drop function f; drop database d cascade");
    expect(risks.map((r) => [r.startColumn, r.endColumn])).toEqual([
      [1, 16],
      [18, 41],
    ]);
  });
});

describe("HQL syntax errors (§5 message)", () => {
  it("names line, column and the token near the error", () => {
    expect(hqlSyntaxErrors("select * frm t").map((e) => e.message)).toEqual([
      "编译语句时异常：在行1:10，输入词'frm'附近可能存在sql语法错误",
    ]);
  });

  it("counts lines and columns from 1 like the editor", () => {
    const [err] = hqlSyntaxErrors("select 1;\n  selec * from t");
    expect(err).toMatchObject({ startLineNumber: 2, startColumn: 3 });
    expect(err.message).toContain("在行2:3，输入词'selec'");
  });

  it("reports an unfinished statement at its end", () => {
    const errors = hqlSyntaxErrors("select * from");
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0].message).toMatch(/^编译语句时异常：在行1:\d+，输入词'.*'附近可能存在sql语法错误$/);
  });

  it.each(["select * from t", "select a, count(1) from t group by a", "-- only a comment", "", "select 'x;y' from t; select 2"])(
    "accepts %j",
    (sql) => {
      expect(hqlSyntaxErrors(sql)).toEqual([]);
    },
  );

  it("still finds a risky statement after one it cannot parse, at its own place", () => {
    const risks = hqlRisks("selec 1;\ndrop table t;\nselect 'drop table x' from y");
    expect(risks.map((r) => [r.startLineNumber, r.startColumn, r.endLineNumber, r.endColumn])).toEqual([[2, 1, 2, 13]]);
    expect(hqlRisks("select 1 frm t; truncate table logs")).toHaveLength(1);
  });

  it("finds nothing risky in a statement it cannot parse", () => {
    expect(hqlRisks("drop tabel x")).toEqual([]);
    expect(hqlSyntaxErrors("drop tabel x").length).toBeGreaterThan(0);
  });
});
