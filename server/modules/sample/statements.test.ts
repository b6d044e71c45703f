/**
 * The server's approval gate and the console's high-risk markers agree: a statement needs approval
 * to run exactly when the editor marks it (the console's reading, with the Hive grammar, is the
 * reference; it loads in tests, not in the compiled server).
 */
import { describe, expect, it } from "vitest";
import { hqlRisks } from "../../../domain/resources/dataFactory/ide/analysis/hql";
import { needsApproval, riskyStatements } from "./statements";

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
  ["explain ddl drop table ods_user", true],
  ["explain reoptimization drop table ods_user", true],
  ["explain vectorization only detail drop table ods_user", true],
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

  it("tells statements apart by their tokens only: layout, comments and HQL's letter case aside", () => {
    const [a] = riskyStatements("hql", "DROP  TABLE\n  Ods_User -- old");
    const [b] = riskyStatements("hql", "/* x */ drop table ods_user");
    expect(a.hash).toBe(b.hash);
    expect(a.text).toBe("DROP  TABLE\n  Ods_User");
    expect(riskyStatements("hql", "drop table `a b`")[0].hash).not.toBe(riskyStatements("hql", "drop table `a bc`")[0].hash);
    // An unterminated name keeps its last character: two names are two statements.
    expect(riskyStatements("hql", "drop table `ods_userA")[0].hash).not.toBe(riskyStatements("hql", "drop table `ods_userB")[0].hash);
    expect(riskyStatements("hql", "alter database d set dbproperties ('a'='1')")[0].hash).not.toBe(
      riskyStatements("hql", "alter database d set dbproperties ('a'='2')")[0].hash,
    );
  });

  it("reads an HQL statement with the use / set statements before it, once per occurrence", () => {
    const found = riskyStatements("hql", "use prod;\nset x=1;\ndrop table t;\nselect 1;\ndrop table t");
    expect(found.map((f) => f.text)).toEqual(["use prod;\nset x=1;\ndrop table t", "use prod;\nset x=1;\ndrop table t"]);
    expect(found[0].hash).toBe(found[1].hash);
    expect(found[0].hash).not.toBe(riskyStatements("hql", "use test;\nset x=1;\ndrop table t")[0].hash);
  });

  it("takes a whole Python, Scala or Java script for what is approved", () => {
    const [one] = riskyStatements("python", "import os as o\no.system(\n  'ls')");
    expect(one.text).toBe("import os as o\no.system(\n  'ls')");
    expect(one.hash).not.toBe(riskyStatements("python", "import os as o\no.system(\n  'rm -rf /')")[0].hash);
    expect(riskyStatements("java", "int a = 1;")).toEqual([]);
  });
});
