import { describe, expect, it } from "vitest";
import { formatSql } from "./format-sql";

describe("formatSql (Ctrl+Shift+L)", () => {
  it("puts each clause on its own line with its items indented by two spaces", () => {
    expect(formatSql("select a, b from t where a = 1 and b > 2 order by a")).toBe(
      ["SELECT", "  a,", "  b", "FROM", "  t", "WHERE", "  a = 1", "  AND b > 2", "ORDER BY", "  a"].join("\n"),
    );
  });

  it("keeps a parenthesised group of at most 50 characters on one line", () => {
    expect(formatSql("select count(1) from t where id in (1, 2, 3)")).toBe(
      ["SELECT", "  COUNT(1)", "FROM", "  t", "WHERE", "  id IN (1, 2, 3)"].join("\n"),
    );
  });

  it("breaks a longer group (a subquery) over indented lines", () => {
    const out = formatSql("select * from (select user_id, user_name, city, age from ods_user where age > 30) u");
    expect(out.split("\n")).toEqual(["SELECT", "  *", "FROM", "  (", "    SELECT", "      user_id,", "      user_name,", "      city,", "      age", "    FROM", "      ods_user", "    WHERE", "      age > 30", "  ) u"]);
  });

  it("never changes strings or drops comments, and separates statements", () => {
    const out = formatSql("-- daily\nselect 'drop  table x', \"a;b\" from t; drop table t;");
    expect(out).toContain("-- daily");
    expect(out).toContain("'drop  table x'");
    expect(out).toContain('"a;b"');
    expect(out).toMatch(/;\n\nDROP TABLE t;$/);
  });

  it("leaves an empty script as it is", () => {
    expect(formatSql("")).toBe("");
    expect(formatSql("  \n")).toBe("  \n");
  });

  it("keeps qualified names together", () => {
    expect(formatSql("select u.name from db.users u")).toBe(["SELECT", "  u.name", "FROM", "  db.users u"].join("\n"));
  });
});

describe("formatSql on a script it cannot parse", () => {
  it("leaves it exactly as typed", () => {
    const broken = "select from where ((";
    expect(formatSql(broken)).toBe(broken);
  });
});
