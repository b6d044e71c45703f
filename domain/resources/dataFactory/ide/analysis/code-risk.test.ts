import { describe, expect, it } from "vitest";
import { jvmRisks, pythonRisks } from "./code-risk";
import { analyseScript, hasHighRisk } from "./analyse";

describe("Python high-risk uses (sys, os, sc.stop, spark.stop)", () => {
  it.each([
    "import os",
    "import sys",
    "import numpy, os",
    "import os.path as p",
    "import sys as s",
    "from os import path",
    "from sys import argv",
    "from os.path import join",
    "x = os.getcwd()",
    "sys.exit(1)",
    "sc.stop()",
    "spark.stop()",
    "spark . stop()",
    "if True:\n    sc.stop()",
    "a = 1; import os",
    "print('x') # fine\nspark.stop()",
  ])("flags %j", (code) => {
    expect(pythonRisks(code).length).toBeGreaterThan(0);
  });

  it.each([
    "# import os",
    "#sc.stop()",
    "print('import os')",
    'print("sys.exit()")',
    "s = '''\nimport os\nspark.stop()\n'''",
    's = """sc.stop()"""',
    "r'os.system' ",
    "f\"{x} sys.argv\"",
    "osx = 1\nsysadmin = 2",
    "my.os.path",
    "self.sc.stop()",
    "spark.stopwatch()",
    "spark.sql('select 1').show()",
    "scope.stop()",
    "import numpy as np",
    "'it\\'s os.system'",
  ])("does not flag %j", (code) => {
    expect(pythonRisks(code)).toEqual([]);
  });

  it("marks the call where it stands", () => {
    expect(pythonRisks("x = 1\n  spark.stop()")[0]).toMatchObject({ startLineNumber: 2, startColumn: 3, endLineNumber: 2, endColumn: 13 });
  });
});

describe("Scala and Java high-risk calls (sc.stop, spark.stop)", () => {
  it.each(["sc.stop()", "spark.stop()", "spark.stop", "val x = 1\nsc.stop()", "`sc`.stop()", "  spark\n    .stop();"])("flags %j", (code) => {
    expect(jvmRisks(code).length).toBe(1);
  });

  it.each([
    "// sc.stop()",
    "/* spark.stop() */",
    "/*\n * sc.stop()\n */ val a = 1",
    'println("sc.stop()")',
    'val s = """\nspark.stop()\n"""',
    "this.sc.stop()",
    "sc.stopAll()",
    "import os",
    "System.exit(0)",
    "char c = '\"'; // sc.stop()",
  ])("does not flag %j", (code) => {
    expect(jvmRisks(code)).toEqual([]);
  });
});

describe("analyseScript", () => {
  it("routes each language to its own check", () => {
    expect(hasHighRisk("hql", "drop table t")).toBe(true);
    expect(hasHighRisk("python", "drop table t")).toBe(false);
    expect(hasHighRisk("scala", "sc.stop()")).toBe(true);
    expect(hasHighRisk("java", "spark.stop();")).toBe(true);
    expect(hasHighRisk("hql", "sc.stop()")).toBe(false);
  });

  it("adds HQL syntax errors only while the check is on, risks first by position", () => {
    const script = "drop table t;\nselec 1";
    expect(analyseScript("hql", script).map((f) => f.kind)).toEqual(["risk", "syntax"]);
    expect(analyseScript("hql", script, { syntax: false }).map((f) => f.kind)).toEqual(["risk"]);
  });
});
