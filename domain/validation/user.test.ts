import { describe, expect, it } from "vitest";
import { isValidBirthday } from "./user";

describe("isValidBirthday", () => {
  it.each([
    ["2000-02-29", true],
    ["2004-02-29", true],
    ["2100-02-29", false],
    ["1999-12-31 23:59:59", true],
    ["0000-01-01", false],
    ["0001-01-01", true],
    ["1999-12-31 ", false],
    [" 1999-12-31", false],
    ["19991231", false],
  ])("%j → %s", (value, expected) => {
    expect(isValidBirthday(value)).toBe(expected);
  });
});
