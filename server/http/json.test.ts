import { describe, expect, it } from "vitest";
import { ApiError } from "./errors";
import { MAX_JSON_DEPTH, jsonDepth, parseJson } from "./json";

const refusal = (text: string) => {
  try {
    parseJson(text);
  } catch (e) {
    if (e instanceof ApiError) return `${e.status} ${e.message}`;
    throw e;
  }
  return "accepted";
};

describe("JSON bodies", () => {
  it("measures nesting by scanning, ignoring brackets inside strings and escaped quotes", () => {
    expect(jsonDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonDepth('{"a":"[[[{{{"}')).toBe(1);
    expect(jsonDepth('{"a":"\\"[[["}')).toBe(1);
    expect(jsonDepth('"\\\\"')).toBe(0);
  });

  it("refuses 150,000 levels in one pass, without recursion", () => {
    const text = "[".repeat(150_000) + "]".repeat(150_000);
    const started = performance.now();
    expect(refusal(text)).toBe(`400 请求体嵌套过深(最多${MAX_JSON_DEPTH}层)`);
    expect(performance.now() - started).toBeLessThan(500);
    expect(jsonDepth(text, MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH + 1);
  });

  it("accepts the deepest allowed and refuses one more", () => {
    expect(refusal("[".repeat(MAX_JSON_DEPTH) + "]".repeat(MAX_JSON_DEPTH))).toBe("accepted");
    expect(refusal("[".repeat(MAX_JSON_DEPTH + 1) + "]".repeat(MAX_JSON_DEPTH + 1))).toMatch(/^400 请求体嵌套过深/);
  });

  it("refuses NUL and lone surrogates in values and keys at any depth, naming the top-level field", () => {
    expect(refusal('{"a":{"b":["x\\u0000"]}}')).toBe("400 请求体字段 a 包含非法字符(NUL或不成对的Unicode代理项)");
    expect(refusal('{"logs":[{"k\\u0000":1}]}')).toBe("400 请求体字段 logs 的键名包含非法字符(NUL或不成对的Unicode代理项)");
    expect(refusal('{"\\ud800":1}')).toMatch(/^400 请求体的键名包含非法字符/);
    expect(refusal('{"a":"\\udc00"}')).toMatch(/^400 请求体字段 a 包含非法字符/);
    expect(refusal('"\\u0000"')).toMatch(/^400 请求体包含非法字符/);
    // A pair is one character, not two halves.
    expect(refusal('{"a":"\\ud83d\\ude00 😀"}')).toBe("accepted");
  });

  it("refuses text that is no JSON", () => {
    expect(refusal("{not json")).toBe("400 请求体不是合法的JSON");
  });
});
