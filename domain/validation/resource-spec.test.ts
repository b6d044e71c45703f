import { describe, expect, it } from "vitest";
import { defineResource, field, filterableFields, permissionCodes, sortableFields, toColumnName, validateResource, valuesOf } from "./resource-spec";

const spec = defineResource({
  name: "thing",
  menuCode: "thing",
  api: "/blade-system/thing",
  path: "/system/thing",
  title: { zh: "事物", en: "Things" },
  fields: {
    code: field.text({ zh: "编号", en: "Code" }, 8, { required: true, format: "code", search: "like", sortable: true }),
    sort: field.int({ zh: "排序", en: "Sort" }, { maxValue: 99, defaultValue: 1 }),
    remark: field.remark(),
  },
});

describe("resource spec", () => {
  it("derives the permission codes from the menu code, as the seeded buttons are named", () => {
    expect(permissionCodes(spec)).toEqual({ list: "thing", create: "thing_add", edit: "thing_edit", delete: "thing_delete", show: "thing_view" });
  });

  it("requires a required field on create, and lets an update leave it out but not blank it", () => {
    expect(validateResource(spec, {}, "create")).toEqual([{ field: "code", message: "请输入编号" }]);
    expect(validateResource(spec, {}, "update")).toEqual([]);
    expect(validateResource(spec, { code: " " }, "update")).toEqual([{ field: "code", message: "请输入编号" }]);
  });

  it("names the field in every message, in both languages", () => {
    expect(validateResource(spec, { code: "abcdefghi" }, "create")).toEqual([{ field: "code", message: "编号长度不能超过8个字符" }]);
    expect(validateResource(spec, { code: "a", sort: 100 }, "create", "en")).toEqual([{ field: "sort", message: "Sort must be between 0 and 99" }]);
    expect(validateResource(spec, { code: "a", remark: "a\u0007b" }, "create")).toEqual([{ field: "remark", message: "备注包含非法字符" }]);
    expect(validateResource(spec, { code: 5 }, "create")).toEqual([{ field: "code", message: "编号必须是文本" }]);
  });

  it("keeps English sentence case with the label inside the sentence, and a capital where it starts it", () => {
    expect(validateResource(spec, {}, "create", "en")).toEqual([{ field: "code", message: "Please enter code" }]);
    expect(validateResource(spec, { code: "abcdefghi" }, "create", "en")).toEqual([{ field: "code", message: "Code cannot exceed 8 characters" }]);
  });

  it("types the values it keeps and fills defaults on create only", () => {
    expect(valuesOf(spec, { code: " a1 ", sort: "7", extra: "ignored" }, "create")).toEqual({ code: "a1", sort: 7 });
    expect(valuesOf(spec, { code: "a1" }, "create")).toEqual({ code: "a1", sort: 1 });
    expect(valuesOf(spec, { remark: "x" }, "update")).toEqual({ remark: "x" });
  });

  it("allows filters and sorts on the declared fields and the audit columns only", () => {
    expect(Object.keys(filterableFields(spec)).sort()).toEqual(["code", "createTime", "updateTime"]);
    expect(Object.keys(sortableFields(spec)).sort()).toEqual(["code", "createTime", "updateTime"]);
    expect(toColumnName("createTime")).toBe("create_time");
  });

  it("runs a field's check after its rules, and skips a create-only field on update", () => {
    const confirmed = defineResource({
      ...spec,
      fields: {
        secret: field.text({ zh: "密钥", en: "Secret" }, 8, { required: true, createOnly: true }),
        again: field.text({ zh: "确认密钥", en: "Confirm secret" }, 8, {
          check: (value, lang, body) => (value === body.secret ? null : lang === "en" ? "No match" : "不一致"),
        }),
      },
    });
    expect(validateResource(confirmed, { secret: "a", again: "b" }, "create")).toEqual([{ field: "again", message: "不一致" }]);
    expect(validateResource(confirmed, { secret: "a", again: "a" }, "create")).toEqual([]);
    expect(validateResource(confirmed, { again: "x".repeat(9) }, "create", "en")).toEqual([
      { field: "secret", message: "Please enter secret" },
      { field: "again", message: "Confirm secret cannot exceed 8 characters" },
    ]);
    expect(validateResource(confirmed, { secret: "", again: "" }, "update")).toEqual([]);
  });
});

describe("one field-spec type", () => {
  it("is resource-spec.ts's FieldSpec: no other file of domain/, server/ or src/ declares one", async () => {
    // Issue 20: the user form once had a FieldSpec of its own beside the spec's, whose flags were then decorative.
    const { readFileSync, readdirSync } = await import("node:fs");
    const { join } = await import("node:path");
    const declaring = ["domain", "server", "src"].flatMap((dir) =>
      readdirSync(join(process.cwd(), dir), { recursive: true, encoding: "utf8" })
        .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
        .map((f) => join(dir, f))
        .filter((file) => /^\s*(?:export\s+)?(?:interface\s+\w*FieldSpec\b|type\s+\w*FieldSpec\b[^=;]*=)/m.test(readFileSync(join(process.cwd(), file), "utf8"))),
    );
    expect(declaring).toEqual([join("domain", "validation", "resource-spec.ts")]);
  });
});
