import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateMobile } from "./mobile";

const REQUIRED = "手机号码不能为空";
const LENGTH = "手机号码长度不为11位";
const FORMAT = "手机号码格式错误";

describe("validateMobile", () => {
  it.each(["13800138000", "13912345678", "15012345678", "16612345678", "17712345678", "18612345678", "19912345678", "14700000000"])(
    "accepts %s",
    (value) => {
      expect(validateMobile(value)).toBeNull();
    },
  );

  it.each([
    ["", REQUIRED],
    ["  ", REQUIRED],
    [null, REQUIRED],
    [undefined, REQUIRED],
    ["1380013800", LENGTH], // 10
    ["138001380000", LENGTH], // 12
    ["+8613800138000", LENGTH],
    ["138 0013 8000", LENGTH],
    ["12345678901", FORMAT], // second digit 2
    ["10012345678", FORMAT],
    ["11012345678", FORMAT],
    ["23800138000", FORMAT],
    ["1380013800a", FORMAT],
    ["138-0013800", FORMAT],
    // Landlines of 11 characters: the original's inverted check let these through.
    ["010-1234567", FORMAT],
    ["01012345678", FORMAT],
    ["0755-123456", FORMAT],
    [" 1380013800", FORMAT],
  ])("%j → %s", (value, message) => {
    expect(validateMobile(value)).toBe(message);
  });

  it.each([
    ["", "Mobile number cannot be empty"],
    ["123", "Mobile number must be 11 digits long"],
    ["12345678901", "Mobile number format is incorrect"],
  ])("English message for %j", (value, message) => {
    expect(validateMobile(value, "en")).toBe(message);
  });

  it("accepts every number of the form 1[3-9]\\d{9}", () => {
    fc.assert(fc.property(fc.stringMatching(/^1[3-9]\d{9}$/), (value) => validateMobile(value) === null));
  });

  it("refuses every 11-digit number whose second digit is 0–2", () => {
    fc.assert(fc.property(fc.stringMatching(/^1[0-2]\d{9}$/), (value) => validateMobile(value) === FORMAT));
  });
});
