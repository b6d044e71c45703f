import { describe, expect, it } from "vitest";
import { DEFAULT_PASSWORD_POLICY, checkPassword, parsePasswordPolicy, readPasswordRuleSet, rulesOfPolicy } from "./password-policy";

const STRICT = { ...DEFAULT_PASSWORD_POLICY, minLength: 10, requireDigits: true, requireUpper: true, requireLower: true, requireSpecial: true };

describe("rulesOfPolicy + checkPassword", () => {
  it("keeps §5's words for the default policy", () => {
    const rules = rulesOfPolicy(DEFAULT_PASSWORD_POLICY);
    expect(checkPassword(rules, "abc")).toBe("密码长度在6到32个字符");
    expect(checkPassword(rules, "a1234567")).toBe("密码过于简单,不能包含三个相同或连续的字符");
    expect(checkPassword(rules, "Zs-passw0rd")).toBeNull();
    // Code points: four emoji are four characters, not eight.
    expect(checkPassword(rules, "😀😀😀😀")).toBe("密码长度在6到32个字符");
  });

  it("judges length first, then the classes, then weakness, in either language", () => {
    const rules = rulesOfPolicy(STRICT);
    expect(checkPassword(rules, "Ab1!")).toBe("密码长度在10到32个字符");
    expect(checkPassword(rules, "Ab1!", "en")).toBe("Password must be 10 to 32 characters long");
    expect(checkPassword(rules, "abcdefgh1xz")).toBe("密码只能且必须包含数字、大写字母、小写字母、特殊字符");
    expect(checkPassword(rules, "Zk4!mQ8#rT-")).toBe("密码只能且必须包含数字、大写字母、小写字母、特殊字符");
    expect(checkPassword(rules, "Qwe1!Zk4#mT")).toBe("密码过于简单,不能包含三个相同或连续的字符");
    expect(checkPassword(rules, "Zk4!mQ8#rT")).toBeNull();
    expect(checkPassword({ ...rules, rejectWeak: false }, "Qwe1!Zk4#mT")).toBeNull();
  });
});

describe("readPasswordRuleSet: whatever shape getPasswordRegex answers", () => {
  it("reads our own answer back to the same verdicts", () => {
    const set = readPasswordRuleSet(JSON.parse(JSON.stringify(rulesOfPolicy(STRICT))))!;
    expect(checkPassword(set, "Ab1!")).toBe("密码长度在10到32个字符");
    expect(checkPassword(set, "Qwe1!Zk4#mT")).toBe("密码过于简单,不能包含三个相同或连续的字符");
  });

  it("reads a bare pattern, one {regex, msg} object or a list, and refuses nothing usable", () => {
    expect(checkPassword(readPasswordRuleSet("^\\d+$")!, "abc")).toBe("格式不正确");
    expect(checkPassword(readPasswordRuleSet({ pattern: "^.{8,}$", msg: "至少8位" })!, "short")).toBe("至少8位");
    const list = readPasswordRuleSet([{ regex: "^.{8,}$", message: "至少8位" }, { regexp: "[A-Z]", tip: "需要大写字母" }])!;
    expect(checkPassword(list, "longenough")).toBe("需要大写字母");
    expect(readPasswordRuleSet(null)).toBeNull();
    expect(readPasswordRuleSet({ regex: "(" })).toBeNull();
    expect(readPasswordRuleSet({})).toBeNull();
  });
});

describe("parsePasswordPolicy", () => {
  it("accepts a whole policy, numbers and flags as forms and bodies send them", () => {
    const { policy, errors } = parsePasswordPolicy({ ...STRICT, minLength: "12", rejectWeak: 0 });
    expect(errors).toEqual([]);
    expect(policy).toMatchObject({ minLength: 12, rejectWeak: false });
  });

  it("names the field of every error", () => {
    const { policy, errors } = parsePasswordPolicy({ ...STRICT, minLength: 1.5, expireDays: -1, requireUpper: "yes", lockMinutes: undefined });
    expect(policy).toBeUndefined();
    expect(errors).toEqual([
      { field: "minLength", message: "密码最小长度必须是6到32之间的整数" },
      { field: "expireDays", message: "密码有效期(天)必须是0到3650之间的整数" },
      { field: "lockMinutes", message: "请输入锁定时长(分钟)" },
      { field: "requireUpper", message: "必须包含大写字母取值不正确" },
    ]);
    expect(parsePasswordPolicy({ ...STRICT, minLength: 20, maxLength: 12 }).errors).toEqual([{ field: "maxLength", message: "密码最大长度不能小于最小长度" }]);
  });
});
