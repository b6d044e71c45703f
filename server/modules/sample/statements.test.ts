/**
 * The server's approval gate and the console's high-risk markers agree: a statement needs approval
 * to run exactly when the editor marks it (the console's reading, with the Hive grammar, is the
 * reference; it loads in tests, not in the compiled server).
 */
import { describe, expect, it } from "vitest";
import { hqlRisks } from "../../../src/resources/dataFactory/ide/analysis/hql";
import { needsApproval } from "./statements";

const HQL: [string, boolean][] = [
  ["drop table ods_user", true],
  ["DROP TABLE IF EXISTS ods_user PURGE", true],
  ["truncate table ods_order", true],
  ["drop function my_udf", true],
  ["drop temporary function my_udf", true],
  ["drop database sales cascade", true],
  ["drop schema sales", true],
  ["alter database sales set dbproperties ('a'='b')", true],
  ["alter schema sales set owner user bob", true],
  ["explain drop table ods_user", true],
  ["explain extended drop table ods_user", true],
  ["select 1;\ndrop table ods_user", true],
  ["-- drop table ods_user\nselect 1", false],
  ["/* drop table x */ select 1", false],
  ["select 'drop table x'", false],
  ["select drop_table from t", false],
  ["drop view v_city", false],
  ["drop index i on t", false],
  ["alter table ods_user add columns (c string)", false],
  ["create table t (a int)", false],
  ["insert into t values (1)", false],
  ["select * from ods_user", false],
];

describe("what needs approval to run (HQL)", () => {
  it.each(HQL)("%s → %s, as the editor marks it", (script, risky) => {
    expect(needsApproval("hql", script)).toBe(risky);
    expect(hqlRisks(script).length > 0).toBe(risky);
  });

  it("follows the same rules for Python, Scala and Java", () => {
    expect(needsApproval("python", "import os\nprint(1)")).toBe(true);
    expect(needsApproval("python", "# import os\nprint('sys')")).toBe(false);
    expect(needsApproval("scala", "spark.stop()")).toBe(true);
    expect(needsApproval("java", "// sc.stop()\nint a = 1;")).toBe(false);
  });
});
