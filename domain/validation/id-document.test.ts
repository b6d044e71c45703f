import { describe, expect, it } from "vitest";
import { ID_TYPES, validateIdDocument } from "./id-document";

const REQUIRED = "证件号码不能为空";
const LENGTH = "证件号码长度不为18位";
const FORMAT = "证件号码格式错误";
const ADDRESS = "地址编码错误";
const CHECKSUM = "证件号码校验位错误";
const TYPE = "证件类型错误";

function checkChar(body: string): string {
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * (2 ** (17 - i) % 11), 0);
  return "10X98765432"[sum % 11];
}
const withCheck = (body: string) => body + checkChar(body);
const wrongCheck = (body: string) => body + ("10X98765432".replace(checkChar(body), "")[0]);

describe("ID_TYPES", () => {
  it("numbers the six §3 types 0–5", () => {
    expect(ID_TYPES).toEqual({
      idCard: 0,
      hkMacauPass: 1,
      taiwanPass: 2,
      passport: 3,
      residencePermit: 4,
      foreignerCard: 5,
    });
  });
});

describe("validateIdDocument", () => {
  const table: [number, string, string | null][] = [
    // 0 ID card: the full ID card rules
    [0, "11010519491231002X", null],
    [0, "11010519491231002x", null],
    [0, "", REQUIRED],
    [0, "1101051949123100", LENGTH],
    [0, "11010519491231002A", FORMAT],
    [0, withCheck("99010519491231002"), ADDRESS],
    [0, "110105194912310020", CHECKSUM],
    // 1 Hong Kong/Macau pass
    [1, "H12345678", null],
    [1, "M1234567890", null],
    [1, "h12345678", null],
    [1, "  ", REQUIRED],
    [1, "H1234567", FORMAT],
    [1, "A12345678", FORMAT],
    [1, "11010519491231002X", FORMAT],
    // 2 Taiwan pass
    [2, "12345678", null],
    [2, "1234567890", null],
    [2, "A123456789", null],
    [2, "a123456789", null],
    [2, "", REQUIRED],
    [2, "123456789", FORMAT],
    [2, "H12345678", FORMAT],
    // 3 passport
    [3, "E12345678", null],
    [3, "e12345678", null],
    [3, "12345", null],
    [3, "12345678901234567", null],
    [3, "", REQUIRED],
    [3, "1234", FORMAT],
    [3, "123456789012345678", FORMAT],
    [3, "E1234567!", FORMAT],
    [3, "abcß", FORMAT], // 'ß' upper-cases to 'SS': must not sneak up to 5 letters
    // 4 HK/Macau/Taiwan residence permit: ID card layout, fixed 8x0000 prefix, check character
    [4, withCheck("81000019940823002"), null],
    [4, withCheck("82000020000101123"), null],
    [4, withCheck("83000019851231456"), null],
    [4, withCheck("83000019851231456").toLowerCase(), null],
    [4, "", REQUIRED],
    [4, "81000019940823002", LENGTH],
    [4, "8100001994082300AB", FORMAT],
    [4, withCheck("84000019940823002"), FORMAT],
    [4, withCheck("81000119940823002"), FORMAT],
    [4, withCheck("11010519491231002"), FORMAT], // a valid ID card is not a residence permit
    [4, wrongCheck("81000019940823002"), CHECKSUM],
    [4, wrongCheck("83000019851231456"), CHECKSUM],
    // 5 foreigner permanent residence card
    [5, "USA123456789012", null],
    [5, "usa123456789012", null],
    [5, "", REQUIRED],
    [5, "US1234567890123", FORMAT],
    [5, "USA12345678901", FORMAT],
    [5, "USA1234567890123", FORMAT],
  ];

  it.each(table)("type %i, %j → %j", (type, value, expected) => {
    expect(validateIdDocument(type, value)).toBe(expected);
  });

  it("residence permits with 830000 are refused as ID cards (83 is no province code)", () => {
    expect(validateIdDocument(0, withCheck("83000019851231456"))).toBe(ADDRESS);
  });

  it.each([0, 1, 2, 3, 4, 5])("type %i requires a value (null, undefined)", (type) => {
    expect(validateIdDocument(type, null)).toBe(REQUIRED);
    expect(validateIdDocument(type, undefined)).toBe(REQUIRED);
  });

  it.each([-1, 6, 7, 1.5, NaN, Infinity, "x", "", "6", "01", " 1"])("unknown type %j → %s", (type) => {
    expect(validateIdDocument(type as number, "H12345678")).toBe(TYPE);
    expect(validateIdDocument(type as number, "")).toBe(TYPE);
  });

  it.each([
    ["0", "11010519491231002X"],
    ["1", "H12345678"],
    ["5", "USA123456789012"],
  ])("accepts the digit string type %j", (type, value) => {
    expect(validateIdDocument(type, value)).toBeNull();
  });

  it("speaks English", () => {
    expect(validateIdDocument(9, "x", "en")).toBe("ID type is incorrect");
    expect(validateIdDocument(1, "", "en")).toBe("ID number cannot be empty");
    expect(validateIdDocument(1, "X", "en")).toBe("ID number format is incorrect");
    expect(validateIdDocument(4, wrongCheck("81000019940823002"), "en")).toBe("ID number check character is incorrect");
  });
});
