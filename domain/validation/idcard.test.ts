import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ID_CARD_PROVINCE_CODES, idCardCheckChar, normalizeIdNumber, validateIdCard } from "./idcard";

/** An independent implementation of GB 11643-1999, so the tests do not trust the code under test. */
function checkChar(body: string): string {
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * (2 ** (17 - i) % 11), 0);
  return "10X98765432"[sum % 11];
}
const withCheck = (body: string) => body + checkChar(body);
const wrongChecks = (body: string) => [..."0123456789X"].filter((c) => c !== checkChar(body)).map((c) => body + c);

const REQUIRED = "证件号码不能为空";
const LENGTH = "证件号码长度不为18位";
const FORMAT = "证件号码格式错误";
const ADDRESS = "地址编码错误";
const CHECKSUM = "证件号码校验位错误";

const PROVINCES = [
  "11", "12", "13", "14", "15", "21", "22", "23", "31", "32", "33", "34", "35", "36", "37",
  "41", "42", "43", "44", "45", "46", "50", "51", "52", "53", "54", "61", "62", "63", "64", "65",
  "71", "81", "82", "91",
];
const REFUSED_PROVINCES = [
  "00", "10", "16", "20", "24", "30", "38", "40", "47", "55", "60", "66", "70", "72", "80", "83", "90", "92", "99",
];

describe("idCardCheckChar", () => {
  it.each([
    ["11010519491231002", "X"],
    ["44052418800101001", "4"],
  ])("published example %s → %s", (body, expected) => {
    expect(idCardCheckChar(body)).toBe(expected);
    expect(checkChar(body)).toBe(expected);
  });

  it("agrees with the independent implementation", () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{17}$/), (body) => idCardCheckChar(body) === checkChar(body)));
  });

  it.each(["", "1101051949123100", "110105194912310021", "1101051949123100X"])("throws for body %j", (body) => {
    expect(() => idCardCheckChar(body)).toThrow(/17 digits/);
  });
});

describe("validateIdCard", () => {
  const valid = [
    "11010519491231002X",
    "440524188001010014",
    withCheck("11010119900307123"),
    withCheck("31011519851120561"),
    withCheck("65010220000229001"),
    withCheck("81000019900101123"),
  ];
  it.each(valid)("accepts %s", (id) => {
    expect(validateIdCard(id)).toBeNull();
  });

  it("accepts a lower-case x as the check character", () => {
    expect(validateIdCard("11010519491231002x")).toBeNull();
    expect(normalizeIdNumber("11010519491231002x")).toBe("11010519491231002X");
  });

  it.each([
    ["", REQUIRED],
    ["   ", REQUIRED],
    [null, REQUIRED],
    [undefined, REQUIRED],
    ["11010519491231002", LENGTH], // 17
    ["11010519491231002X1", LENGTH], // 19
    ["110105491231002", LENGTH], // the old 15-digit format
    ["1", LENGTH],
    [" 11010519491231002X", LENGTH],
    ["11010519491231002A", FORMAT],
    ["1101051949123100XX", FORMAT],
    ["X1010519491231002X", FORMAT],
    ["11010519491231 02X", FORMAT],
    ["１１０１０５１９４９１２３１００２Ｘ", FORMAT], // full-width digits, 18 characters
    ["-11010519491231002", FORMAT],
    ["11010519491231002Y", FORMAT],
    ["11010519491231002😀", FORMAT], // 17 + one emoji = 18 code points but 19 UTF-16 units
    ["1101051949123100😀", LENGTH], // 17 code points but 18 UTF-16 units
    ["110105194912310020", CHECKSUM],
    ["440524188001010015", CHECKSUM],
    ["44052418800101001X", CHECKSUM],
  ])("%j → %s", (id, message) => {
    expect(validateIdCard(id as string)).toBe(message);
  });

  it.each(wrongChecks("11010519491231002"))("refuses wrong check character %s", (id) => {
    expect(validateIdCard(id)).toBe(CHECKSUM);
  });

  it.each(wrongChecks("44052418800101001"))("refuses wrong check character %s", (id) => {
    expect(validateIdCard(id)).toBe(CHECKSUM);
  });

  it("exports exactly the known province codes", () => {
    expect([...ID_CARD_PROVINCE_CODES].sort()).toEqual([...PROVINCES].sort());
  });

  it.each(PROVINCES)("accepts province code %s", (code) => {
    expect(validateIdCard(withCheck(`${code}010519900101123`))).toBeNull();
  });

  it.each(REFUSED_PROVINCES)("refuses province code %s even with a correct check character", (code) => {
    expect(validateIdCard(withCheck(`${code}010519900101123`))).toBe(ADDRESS);
  });

  it("checks the address before the check character", () => {
    expect(validateIdCard("000105194912310020")).toBe(ADDRESS);
  });

  it("checks the format before the address", () => {
    expect(validateIdCard("00010519491231002A")).toBe(FORMAT);
  });

  it.each([
    ["", "ID number cannot be empty"],
    ["123", "ID number must be 18 characters long"],
    ["11010519491231002A", "ID number format is incorrect"],
    [withCheck("00010519491231002"), "Address code is incorrect"],
    ["110105194912310020", "ID number check character is incorrect"],
  ])("English message for %j", (id, message) => {
    expect(validateIdCard(id, "en")).toBe(message);
  });

  it("accepts every valid-province body with its computed check character and refuses all others", () => {
    fc.assert(
      fc.property(fc.constantFrom(...PROVINCES), fc.stringMatching(/^\d{15}$/), (province, rest) => {
        const body = province + rest;
        expect(validateIdCard(withCheck(body))).toBeNull();
        expect(validateIdCard(withCheck(body).toLowerCase())).toBeNull();
        for (const id of wrongChecks(body)) expect(validateIdCard(id)).toBe(CHECKSUM);
      }),
    );
  });

  it("refuses every body with an unknown province code", () => {
    const unknown = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, "0")).filter(
      (c) => !PROVINCES.includes(c),
    );
    fc.assert(
      fc.property(fc.constantFrom(...unknown), fc.stringMatching(/^\d{15}$/), (province, rest) => {
        expect(validateIdCard(withCheck(province + rest))).toBe(ADDRESS);
      }),
    );
  });
});
