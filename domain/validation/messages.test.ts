import { describe, expect, it } from "vitest";
import { formatMessage, messages, type Lang, type MessageKey } from "./messages";

describe("messages", () => {
  const entries = Object.entries(messages) as [MessageKey, { zh: string; en: string }][];

  it.each(entries)("%s has a Chinese zh and an English en text", (_key, { zh, en }) => {
    expect(zh).toMatch(/[\u4e00-\u9fff]/);
    expect(en).toMatch(/^[\x20-\x7e]+$/);
  });

  it("has no two keys with the same zh text", () => {
    const zh = entries.map(([, m]) => m.zh);
    expect(new Set(zh).size).toBe(zh.length);
  });

  it.each([
    ["idRequired", "证件号码不能为空"],
    ["idLength", "证件号码长度不为18位"],
    ["idFormat", "证件号码格式错误"],
    ["idAddress", "地址编码错误"],
    ["idChecksum", "证件号码校验位错误"],
    ["mobileRequired", "手机号码不能为空"],
    ["mobileLength", "手机号码长度不为11位"],
    ["phoneRequired", "请输入手机号码"],
    ["formatIncorrect", "格式不正确"],
    ["nameChars", "只能是中文、数字、字母、下划线"],
    ["descriptionRequired", "请输入描述"],
    ["descriptionChars", "不能包含特殊字符<>/以及双引号和单引号"],
    ["registerTenant", "请先输入租户编号"],
    ["registerAccount", "请先输入账号名称"],
    ["registerPassword", "请先输入密码"],
    ["passwordMismatch", "两次密码输入不一致"],
    ["uploadSuccess", "上传成功"],
    ["uploadFailure", "上传失败，请重试"],
  ] as [MessageKey, string][])("%s is the spec's wording", (key, zh) => {
    expect(messages[key].zh).toBe(zh);
    expect(formatMessage(key)).toBe(zh);
  });

  it("fills placeholders", () => {
    expect(formatMessage("uploadSize", "zh", { n: 5 })).toBe("上传文件大小不能超过 5 MB!");
    expect(formatMessage("uploadSize", "en", { n: 5 })).toBe("Uploaded file size cannot exceed 5 MB!");
    expect(formatMessage("fieldType", "zh", { field: "sex" })).toBe("sex类型错误");
    expect(formatMessage("maxLength", "en", { n: 64 })).toBe("Length cannot exceed 64 characters");
  });

  it("leaves unknown placeholders visible", () => {
    expect(formatMessage("uploadCount")).toBe("上传文件数量不能超过 {n} 个");
  });

  it("falls back to zh for an unknown language", () => {
    expect(formatMessage("idRequired", "fr" as Lang)).toBe("证件号码不能为空");
  });
});
