import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkForm,
  checkRules,
  descriptionRules,
  dictChildRules,
  dictParentRules,
  inputRules,
  isEmptyValue,
  lockPasswordRules,
  nameRules,
  paramRules,
  phoneRules,
  selectAtLeastOne,
  switchRules,
  textareaRules,
  toFormRules,
  validateRegistration,
  type Rule,
} from "./form-rules";

describe("isEmptyValue", () => {
  it.each([undefined, null, "", "  ", "\t\n", []])("%j is empty", (v) => {
    expect(isEmptyValue(v)).toBe(true);
  });
  it.each([0, false, "0", "a", [0], {}, NaN])("%j is not empty", (v) => {
    expect(isEmptyValue(v)).toBe(false);
  });
});

describe("checkRules", () => {
  const rules: Rule[] = [
    { required: true, message: "required" },
    { min: 2, message: "min" },
    { max: 4, message: "max" },
    { pattern: /^[a-z]+$/, message: "pattern" },
    { validator: (v) => (v === "nope" ? "validator" : null), message: "ignored" },
  ];

  it.each([
    [undefined, "required"],
    [null, "required"],
    ["", "required"],
    ["   ", "required"],
    ["a", "min"],
    ["abcde", "max"],
    ["ab1", "pattern"],
    ["nope", "validator"],
    ["ab", null],
    ["abcd", null],
    [["a", "b"], "pattern"], // arrays have a length but never match a pattern
    [{}, "min"], // an object has no size
  ])("%j → %j", (value, expected) => {
    expect(checkRules(value, rules)).toBe(expected);
  });

  it("skips every rule but required for an empty value", () => {
    expect(checkRules("", [{ min: 2, message: "min" }, { pattern: /x/, message: "p" }])).toBeNull();
    expect(checkRules(undefined, [{ validator: () => "v", message: "v" }])).toBeNull();
  });

  it("counts characters, not UTF-16 units", () => {
    expect(checkRules("😀😀", [{ max: 2, message: "max" }])).toBeNull();
    expect(checkRules("😀😀😀", [{ max: 2, message: "max" }])).toBe("max");
  });

  it("compares numbers by value and tests patterns on their text", () => {
    expect(checkRules(5, [{ max: 4, message: "max" }])).toBe("max");
    expect(checkRules(0, [{ required: true, message: "req" }, { min: 0, message: "min" }])).toBeNull();
    expect(checkRules(12, [{ pattern: /^\d+$/, message: "p" }])).toBeNull();
    expect(checkRules(true, [{ pattern: /true/, message: "p" }])).toBe("p");
  });

  it("passes the language to validators", () => {
    const rule: Rule = { validator: (_v, lang) => lang, message: "" };
    expect(checkRules("x", [rule], "en")).toBe("en");
    expect(checkRules("x", [rule])).toBe("zh");
  });
});

describe("toFormRules", () => {
  it("marks required and rejects with the first message", async () => {
    const [rule] = toFormRules(phoneRules());
    expect(rule.required).toBe(true);
    await expect(rule.validator({}, "")).rejects.toThrow("请输入手机号码");
    await expect(rule.validator({}, "123")).rejects.toThrow("格式不正确");
    await expect(rule.validator({}, "13800138000")).resolves.toBeUndefined();
  });

  it("is not required for optional rules", async () => {
    const [rule] = toFormRules(inputRules("en"), "en");
    expect(rule.required).toBe(false);
    await expect(rule.validator({}, undefined)).resolves.toBeUndefined();
    await expect(rule.validator({}, "a-b")).rejects.toThrow("Only Chinese characters, letters, digits and underscore can be entered");
  });
});

describe("phoneRules", () => {
  it.each([
    ["13800138000", null],
    ["19912345678", null],
    ["", "请输入手机号码"],
    [undefined, "请输入手机号码"],
    ["12345678901", "格式不正确"],
    ["1380013800", "格式不正确"],
    ["138001380000", "格式不正确"],
    ["010-12345678", "格式不正确"],
  ])("%j → %j", (value, expected) => {
    expect(checkRules(value, phoneRules())).toBe(expected);
  });

  it("speaks English", () => {
    expect(checkRules("", phoneRules("en"))).toBe("Please enter mobile number");
    expect(checkRules("1", phoneRules("en"))).toBe("Format is incorrect");
  });

  it("accepts every 1[3-9]\\d{9}", () => {
    fc.assert(fc.property(fc.stringMatching(/^1[3-9]\d{9}$/), (v) => checkRules(v, phoneRules()) === null));
  });
});

describe("nameRules", () => {
  it.each([
    ["张三", null],
    ["abc_123", null],
    ["中文Abc_9", null],
    ["", null], // not required
    ["张 三", "只能是中文、数字、字母、下划线"],
    ["a-b", "只能是中文、数字、字母、下划线"],
    ["a.b", "只能是中文、数字、字母、下划线"],
    ["<script>", "只能是中文、数字、字母、下划线"],
  ])("%j → %j", (value, expected) => {
    expect(checkRules(value, nameRules())).toBe(expected);
  });
});

describe("descriptionRules", () => {
  const CHARS = "不能包含特殊字符<>/以及双引号和单引号";
  it.each([
    ["一段描述", null],
    ["a & b | c \\ d `e`", null], // only <>/"' are forbidden here
    ["", "请输入描述"],
    [" ", "请输入描述"],
    ["a<b", CHARS],
    ["a>b", CHARS],
    ["a/b", CHARS],
    ['a"b', CHARS],
    ["a'b", CHARS],
  ])("%j → %j", (value, expected) => {
    expect(checkRules(value, descriptionRules())).toBe(expected);
  });
  it("speaks English", () => {
    expect(checkRules("", descriptionRules("en"))).toBe("Please enter description");
    expect(checkRules("<", descriptionRules("en"))).toBe("Must not contain the special characters <>/ or double and single quotes");
  });
});

describe("inputRules", () => {
  const MAX = "长度不能超过64个字符";
  const CHARS = "只能输入中文、字母、数字、下划线";
  it.each([
    ["a".repeat(64), null],
    ["中".repeat(64), null],
    ["a".repeat(65), MAX],
    ["中".repeat(65), MAX],
    ["a".repeat(63), null],
    ["Abc_中文_123", null],
    ["", null],
    ["a b", CHARS],
    ["a-b", CHARS],
    ["a.b", CHARS],
    ["a@b", CHARS],
    ["a!".repeat(40), MAX], // length is reported before characters
  ])("%j → %j", (value, expected) => {
    expect(checkRules(value, inputRules())).toBe(expected);
  });
  it("speaks English", () => {
    expect(checkRules("a".repeat(65), inputRules("en"))).toBe("Length cannot exceed 64 characters");
  });
});

describe("textareaRules", () => {
  const MAX = "长度不能超过200个字符";
  const CHARS = "不能包含特殊字符";
  it.each([
    ["a".repeat(200), null],
    ["a".repeat(201), MAX],
    ["a".repeat(199), null],
    ["多行\n文本，带标点！?-_.,;:()[]{}@#%*+=~", null],
    ["", null],
    ...["`", "'", '"', "&", "<", ">", "|", "/", "\\"].map((c) => [`ab${c}cd`, CHARS] as [string, string]),
  ])("%j → %j", (value, expected) => {
    expect(checkRules(value, textareaRules())).toBe(expected);
  });
  it("speaks English", () => {
    expect(checkRules("a".repeat(201), textareaRules("en"))).toBe("Length cannot exceed 200 characters");
    expect(checkRules("&", textareaRules("en"))).toBe("Must not contain special characters");
  });
});

describe("paramRules", () => {
  it("requires name, key and value", () => {
    expect(checkForm({}, paramRules())).toEqual([
      { field: "name", message: "请输入参数名称" },
      { field: "key", message: "请输入参数键名" },
      { field: "value", message: "请输入参数键值" },
    ]);
    expect(checkForm({ name: "n", key: "k", value: "v" }, paramRules())).toEqual([]);
  });
  it("speaks English", () => {
    expect(checkForm({ name: " ", key: "", value: null }, paramRules("en"))).toEqual([
      { field: "name", message: "Please enter parameter name" },
      { field: "key", message: "Please enter parameter key" },
      { field: "value", message: "Please enter parameter value" },
    ]);
  });
});

describe("dictParentRules / dictChildRules", () => {
  it("parent: code, name, sort and sealed required", () => {
    expect(checkForm({}, dictParentRules())).toEqual([
      { field: "code", message: "请输入字典编号" },
      { field: "dictValue", message: "请输入字典名称" },
      { field: "sort", message: "请输入字典排序" },
      { field: "isSealed", message: "请选择封存" },
    ]);
  });

  it("0 is a value for sort and isSealed", () => {
    expect(checkForm({ code: "sex", dictValue: "性别", sort: 0, isSealed: 0 }, dictParentRules())).toEqual([]);
  });

  it("child: code, name, key, sort and sealed required, parent optional", () => {
    expect(checkForm({}, dictChildRules())).toEqual([
      { field: "code", message: "请输入字典编号" },
      { field: "dictValue", message: "请输入字典名称" },
      { field: "dictKey", message: "请输入字典键值" },
      { field: "sort", message: "请输入字典排序" },
      { field: "isSealed", message: "请选择封存" },
    ]);
    expect(checkForm({ code: "sex", dictValue: "男", dictKey: "1", sort: 1, isSealed: 1 }, dictChildRules())).toEqual([]);
  });

  it("child: parent required on demand", () => {
    expect(checkForm({ code: "a", dictValue: "b", dictKey: "c", sort: 1, isSealed: 0 }, dictChildRules("zh", { parentRequired: true }))).toEqual([
      { field: "parentId", message: "请选择上级字典" },
    ]);
  });

  it("speaks English", () => {
    expect(checkForm({}, dictChildRules("en", { parentRequired: true })).map((e) => e.message)).toEqual([
      "Please enter dictionary code",
      "Please enter dictionary name",
      "Please enter dictionary key",
      "Please enter dictionary sort",
      "Please select sealed",
      "Please select parent dictionary",
    ]);
  });
});

describe("lockPasswordRules", () => {
  it.each([
    ["", "锁屏密码不能为空"],
    ["  ", "锁屏密码不能为空"],
    [undefined, "锁屏密码不能为空"],
    ["1", null],
  ])("%j → %j", (value, expected) => {
    expect(checkRules(value, lockPasswordRules())).toBe(expected);
  });
  it("speaks English", () => {
    expect(checkRules("", lockPasswordRules("en"))).toBe("Lock password cannot be empty");
  });
});

describe("switchRules", () => {
  it("requires department and role", () => {
    expect(checkForm({}, switchRules())).toEqual([
      { field: "dept", message: "请选择部门" },
      { field: "role", message: "请选择角色" },
    ]);
    expect(checkForm({ dept: "1", role: "2" }, switchRules())).toEqual([]);
    expect(checkForm({ dept: "", role: [] }, switchRules("en"))).toEqual([
      { field: "dept", message: "Please select department" },
      { field: "role", message: "Please select role" },
    ]);
  });
});

describe("validateRegistration", () => {
  const ok = { tenantId: "000000", name: "", account: "admin", password: "secret", password2: "secret" };
  it.each([
    [{ ...ok }, null],
    [{ ...ok, name: undefined }, null], // name is not checked
    [{}, "请先输入租户编号"],
    [{ ...ok, tenantId: "" }, "请先输入租户编号"],
    [{ ...ok, tenantId: " ", account: "" }, "请先输入租户编号"], // order: tenant first
    [{ ...ok, account: "" }, "请先输入账号名称"],
    [{ ...ok, account: undefined, password: "" }, "请先输入账号名称"],
    [{ ...ok, password: "" }, "请先输入密码"],
    [{ ...ok, password2: "" }, "请先输入密码"],
    [{ ...ok, password: "", password2: "x" }, "请先输入密码"],
    [{ ...ok, password2: "secret2" }, "两次密码输入不一致"],
    [{ ...ok, password2: "Secret" }, "两次密码输入不一致"],
  ])("%j → %j", (form, expected) => {
    expect(validateRegistration(form, { tenantRequired: true })).toBe(expected);
  });

  it("requires the tenant by default", () => {
    expect(validateRegistration({ ...ok, tenantId: "" })).toBe("请先输入租户编号");
  });

  it("skips the tenant when tenant mode is off", () => {
    expect(validateRegistration({ ...ok, tenantId: "" }, { tenantRequired: false })).toBeNull();
    expect(validateRegistration({ account: "" }, { tenantRequired: false })).toBe("请先输入账号名称");
  });

  it("speaks English", () => {
    expect(validateRegistration({}, {}, "en")).toBe("Please enter the tenant id first");
    expect(validateRegistration({ tenantId: "1" }, {}, "en")).toBe("Please enter the account name first");
    expect(validateRegistration({ tenantId: "1", account: "a" }, {}, "en")).toBe("Please enter the password first");
    expect(validateRegistration({ ...ok, password2: "x" }, {}, "en")).toBe("The two passwords do not match");
  });
});

describe("selectAtLeastOne", () => {
  it.each([
    [[], "请选择至少一条数据"],
    [null, "请选择至少一条数据"],
    [undefined, "请选择至少一条数据"],
    [["1"], null],
    [[1, 2, 3], null],
  ])("%j → %j", (ids, expected) => {
    expect(selectAtLeastOne(ids)).toBe(expected);
  });
  it("speaks English", () => {
    expect(selectAtLeastOne([], "en")).toBe("Please select at least one item");
  });
});
