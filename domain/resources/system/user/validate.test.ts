import { describe, expect, it } from "vitest";
import { requiredMessageOf, type FieldSpec } from "../../../validation";
import { userSpec } from "./spec";
import { validateUser } from "./validate";

const valid = {
  account: "zhang.san@corp-1_x",
  password: "secret12",
  password2: "secret12",
  realName: "张三",
  name: "小张",
  phone: "13800138000",
  email: "zhang@example.com",
  sex: 1,
  birthday: "1990-01-31 00:00:00",
  roleId: "1123598816738675201",
  deptId: "1123598813738675201,1123598813738675202",
  postId: "1123598817738675201",
  code: "E001",
};
const minimalCreate = { account: "ab", password: "123456", password2: "123456", realName: "张三", roleId: "1", deptId: "1" };

const create = (patch: Record<string, unknown>) => validateUser({ ...valid, ...patch }, "create");
const update = (patch: Record<string, unknown>) => validateUser(patch, "update");

describe("validateUser: create", () => {
  it("accepts a full valid user and a minimal one", () => {
    expect(validateUser(valid, "create")).toEqual([]);
    expect(validateUser(minimalCreate, "create")).toEqual([]);
  });

  it("reports every missing required field in form order", () => {
    expect(validateUser({}, "create")).toEqual([
      { field: "account", message: "请输入账号" },
      { field: "password", message: "请输入密码" },
      { field: "realName", message: "请输入用户姓名" },
      { field: "roleId", message: "请选择所属角色" },
      { field: "deptId", message: "请选择所属部门" },
    ]);
  });

  it("treats null like a missing field and blank like an empty one", () => {
    expect(validateUser({ ...minimalCreate, account: null, realName: "  ", roleId: "" }, "create")).toEqual([
      { field: "account", message: "请输入账号" },
      { field: "realName", message: "请输入用户姓名" },
      { field: "roleId", message: "请选择所属角色" },
    ]);
  });

  it("speaks English", () => {
    expect(validateUser({ sex: true }, "create", "en")).toEqual([
      { field: "account", message: "Please enter account" },
      { field: "password", message: "Please enter password" },
      { field: "realName", message: "Please enter the user's name" },
      { field: "sex", message: "sex has the wrong type" },
      { field: "roleId", message: "Please select the role" },
      { field: "deptId", message: "Please select the department" },
    ]);
  });

  const fieldCases: [string, Record<string, unknown>, string | null][] = [
    // account
    ["account 2 chars", { account: "ab" }, null],
    ["account 45 chars", { account: "a".repeat(45) }, null],
    ["account 1 char", { account: "a" }, "账号长度在2到45个字符"],
    ["account 46 chars", { account: "a".repeat(46) }, "账号长度在2到45个字符"],
    ["account with space", { account: "a b" }, "账号只能包含字母、数字、下划线、点、@和-"],
    ["account with Chinese", { account: "张三" }, "账号只能包含字母、数字、下划线、点、@和-"],
    ["account with slash", { account: "a/b" }, "账号只能包含字母、数字、下划线、点、@和-"],
    ["account with all allowed characters", { account: "Aa0_.@-" }, null],
    ["account as number", { account: 12345 }, "account类型错误"],
    // realName
    ["realName 20 chars", { realName: "张".repeat(20) }, null],
    ["realName 21 chars", { realName: "张".repeat(21) }, "长度不能超过20个字符"],
    ["realName with interpunct", { realName: "阿依古丽·买买提" }, null],
    ["realName with inner space", { realName: "John Smith" }, null],
    ["realName with leading space", { realName: " 张三" }, "只能是中文、数字、字母、下划线"],
    ["realName with trailing interpunct", { realName: "张三·" }, "只能是中文、数字、字母、下划线"],
    ["realName with hyphen", { realName: "张-三" }, "只能是中文、数字、字母、下划线"],
    ["realName with angle brackets", { realName: "<b>" }, "只能是中文、数字、字母、下划线"],
    ["realName as array", { realName: ["张三"] }, "realName类型错误"],
    // name
    ["name 20 chars", { name: "x".repeat(20) }, null],
    ["name 21 chars", { name: "x".repeat(21) }, "长度不能超过20个字符"],
    ["name empty", { name: "" }, null],
    ["name with any characters", { name: "张-三 <x>" }, null],
    ["name as number", { name: 1 }, "name类型错误"],
    // phone
    ["phone empty", { phone: "" }, null],
    ["phone landline", { phone: "010-12345678" }, "格式不正确"],
    ["phone second digit 2", { phone: "12345678901" }, "格式不正确"],
    ["phone 12 digits", { phone: "138001380000" }, "格式不正确"],
    ["phone as number", { phone: 13800138000 }, "phone类型错误"],
    // email
    ["email empty", { email: "" }, null],
    ["email invalid", { email: "zhang@" }, "邮箱格式不正确"],
    ["email without domain dot", { email: "zhang@example" }, "邮箱格式不正确"],
    ["email 45 chars", { email: `${"a".repeat(33)}@example.com` }, null],
    ["email 46 chars", { email: `${"a".repeat(34)}@example.com` }, "长度不能超过45个字符"],
    // sex
    ...[1, 2, 3, "1", "2", "3"].map((sex) => [`sex ${JSON.stringify(sex)}`, { sex }, null] as [string, Record<string, unknown>, null]),
    ["sex 0", { sex: 0 }, "性别取值错误"],
    ["sex 4", { sex: 4 }, "性别取值错误"],
    ["sex 1.5", { sex: 1.5 }, "性别取值错误"],
    ["sex NaN", { sex: NaN }, "性别取值错误"],
    ["sex 'male'", { sex: "male" }, "性别取值错误"],
    ["sex ' 1'", { sex: " 1" }, "性别取值错误"],
    ["sex empty string", { sex: "" }, null],
    ["sex boolean", { sex: true }, "sex类型错误"],
    // birthday
    ["birthday date only", { birthday: "1990-01-31" }, null],
    ["birthday leap day", { birthday: "2000-02-29 23:59:59" }, null],
    ["birthday not a leap year", { birthday: "1900-02-29" }, "生日格式错误"],
    ["birthday 2023-02-29", { birthday: "2023-02-29" }, "生日格式错误"],
    ["birthday April 31", { birthday: "1990-04-31" }, "生日格式错误"],
    ["birthday month 13", { birthday: "1990-13-01" }, "生日格式错误"],
    ["birthday day 0", { birthday: "1990-01-00" }, "生日格式错误"],
    ["birthday hour 24", { birthday: "1990-01-01 24:00:00" }, "生日格式错误"],
    ["birthday minute 60", { birthday: "1990-01-01 12:60:00" }, "生日格式错误"],
    ["birthday slashes", { birthday: "1990/01/01" }, "生日格式错误"],
    ["birthday ISO T", { birthday: "1990-01-01T00:00:00" }, "生日格式错误"],
    ["birthday without seconds", { birthday: "1990-01-01 00:00" }, "生日格式错误"],
    ["birthday single-digit month", { birthday: "1990-1-01" }, "生日格式错误"],
    ["birthday as number", { birthday: 631152000000 }, "birthday类型错误"],
    // id lists
    ["roleId list", { roleId: "1,2,3" }, null],
    ["roleId trailing comma", { roleId: "1," }, "格式不正确"],
    ["roleId with space", { roleId: "1, 2" }, "格式不正确"],
    ["roleId letters", { roleId: "admin" }, "格式不正确"],
    ["roleId as number", { roleId: 1 }, "roleId类型错误"],
    ["roleId as array", { roleId: ["1"] }, "roleId类型错误"],
    ["roleId 1000 chars", { roleId: "1".repeat(1000) }, null],
    ["roleId 1001 chars", { roleId: "1".repeat(1001) }, "长度不能超过1000个字符"],
    ["deptId bad", { deptId: "1;2" }, "格式不正确"],
    ["postId empty", { postId: "" }, null],
    ["postId bad", { postId: "x" }, "格式不正确"],
    // code
    ["code 12 chars", { code: "C".repeat(12) }, null],
    ["code 13 chars", { code: "C".repeat(13) }, "长度不能超过12个字符"],
    ["code as object", { code: {} }, "code类型错误"],
    // ignored fields
    ["unknown fields are ignored", { id: 5, tenantId: 0, avatar: [], foo: "bar" }, null],
  ];

  it.each(fieldCases)("%s", (_label, patch, expected) => {
    const field = Object.keys(patch)[0];
    const errors = create(patch);
    expect(errors).toEqual(expected === null ? [] : [{ field, message: expected }]);
  });

  describe("password", () => {
    it.each([
      ["6 chars", "123456", "123456", []],
      ["32 chars", "p".repeat(32), "p".repeat(32), []],
      ["5 chars", "12345", "12345", [{ field: "password", message: "密码长度在6到32个字符" }]],
      ["33 chars", "p".repeat(33), "p".repeat(33), [{ field: "password", message: "密码长度在6到32个字符" }]],
      ["blank", "      ", "      ", [{ field: "password", message: "请输入密码" }]],
      ["mismatch", "secret12", "secret13", [{ field: "password2", message: "两次密码输入不一致" }]],
      ["mismatch by case", "secret12", "Secret12", [{ field: "password2", message: "两次密码输入不一致" }]],
      ["missing confirmation", "secret12", undefined, [{ field: "password2", message: "两次密码输入不一致" }]],
      ["empty confirmation", "secret12", "", [{ field: "password2", message: "两次密码输入不一致" }]],
      // a wrong password is reported once, not again as a mismatch
      ["short and mismatched", "123", "456", [{ field: "password", message: "密码长度在6到32个字符" }]],
      ["number", 123456, "123456", [{ field: "password", message: "password类型错误" }]],
      ["confirmation number", "123456", 123456, [{ field: "password2", message: "password2类型错误" }]],
    ] as [string, unknown, unknown, unknown[]][])("%s", (_label, password, password2, expected) => {
      expect(validateUser({ ...minimalCreate, password, password2 }, "create")).toEqual(expected);
    });
  });
});

describe("validateUser: update", () => {
  it("accepts an empty body (nothing changes)", () => {
    expect(update({})).toEqual([]);
  });

  it("ignores the password entirely", () => {
    expect(update({ password: "1", password2: "2" })).toEqual([]);
    expect(update({ password: 123, password2: {} })).toEqual([]);
  });

  it("does not require fields that are absent or null", () => {
    expect(update({ account: null, realName: undefined, phone: "13800138000" })).toEqual([]);
  });

  it("refuses blanking a field that is required on create", () => {
    expect(update({ account: "", realName: " ", roleId: "", deptId: "" })).toEqual([
      { field: "account", message: "请输入账号" },
      { field: "realName", message: "请输入用户姓名" },
      { field: "roleId", message: "请选择所属角色" },
      { field: "deptId", message: "请选择所属部门" },
    ]);
  });

  it("checks every provided field like create", () => {
    expect(update({ account: "a", phone: "123", email: "x", sex: 9, birthday: "1990-02-30", roleId: "1,", code: "x".repeat(13) })).toEqual([
      { field: "account", message: "账号长度在2到45个字符" },
      { field: "phone", message: "格式不正确" },
      { field: "email", message: "邮箱格式不正确" },
      { field: "sex", message: "性别取值错误" },
      { field: "birthday", message: "生日格式错误" },
      { field: "roleId", message: "格式不正确" },
      { field: "code", message: "长度不能超过12个字符" },
    ]);
  });

  it("speaks English", () => {
    expect(validateUser({ phone: "1", code: "x".repeat(13), email: "x", birthday: "x", deptId: 3 }, "update", "en")).toEqual([
      { field: "phone", message: "Format is incorrect" },
      { field: "email", message: "Email format is incorrect" },
      { field: "birthday", message: "Birthday format is incorrect" },
      { field: "deptId", message: "deptId has the wrong type" },
      { field: "code", message: "Length cannot exceed 12 characters" },
    ]);
  });

  it("treats a non-object body as empty", () => {
    expect(validateUser(null as unknown as Record<string, unknown>, "update")).toEqual([]);
    expect(validateUser([] as unknown as Record<string, unknown>, "create")).toHaveLength(5);
  });
});

describe("validateUser: ID type and number (§3, §5)", () => {
  it("accepts a number that fits its type, letters in any case", () => {
    expect(create({ idType: 0, idNumber: "11010519491231002X" })).toEqual([]);
    expect(create({ idType: "3", idNumber: "E12345678" })).toEqual([]);
    expect(create({ idType: 1, idNumber: "h12345678" })).toEqual([]);
    expect(create({ idType: 0 })).toEqual([]);
  });

  it("checks the number against its type with §5's words", () => {
    expect(create({ idType: 0, idNumber: "11010519491231002" })).toEqual([{ field: "idNumber", message: "证件号码长度不为18位" }]);
    expect(create({ idType: 0, idNumber: "110105194912310021" })).toEqual([{ field: "idNumber", message: "证件号码校验位错误" }]);
    expect(create({ idType: 3, idNumber: "E1" })).toEqual([{ field: "idNumber", message: "证件号码格式错误" }]);
  });

  it("refuses an unknown type, and a number without a type", () => {
    expect(create({ idType: 6 })).toEqual([{ field: "idType", message: "证件类型错误" }]);
    expect(create({ idNumber: "E12345678" })).toEqual([{ field: "idNumber", message: "证件类型错误" }]);
    expect(create({ idType: 3, idNumber: "E".repeat(21) })).toEqual([{ field: "idNumber", message: expect.stringContaining("20") }]);
  });
});

describe("validateUser: the rules are userSpec's", () => {
  // `required` on the spec is what the form and /blade-user/submit enforce, never a decoration.
  const fields: Record<string, FieldSpec> = userSpec.fields;
  const required = Object.entries(fields).filter(([, f]) => f.required);

  it.each(required.map(([name]) => name))("refuses a create without %s, in the field's words", (name) => {
    const body: Record<string, unknown> = { ...valid };
    delete body[name];
    const f = fields[name];
    expect(validateUser(body, "create")).toContainEqual({ field: name, message: requiredMessageOf(f) });
    expect(validateUser(body, "create", "en")).toContainEqual({ field: name, message: requiredMessageOf(f, "en") });
  });

  it.each(required.filter(([, f]) => !f.createOnly).map(([name]) => name))("refuses to blank %s on update", (name) => {
    const f = fields[name];
    expect(validateUser({ [name]: " " }, "update")).toEqual([{ field: name, message: requiredMessageOf(f) }]);
  });

  it("names exactly the required fields of the form, passwords on create only", () => {
    expect(required.map(([name]) => name)).toEqual(["account", "password", "password2", "realName", "roleId", "deptId"]);
    expect(validateUser({}, "update")).toEqual([]);
  });

  it("leaves the fields without a rule to the server (platform, status, avatar)", () => {
    expect(validateUser({ ...valid, userType: true, status: "x", avatar: 1, roleName: 2 }, "create")).toEqual([]);
  });
});

