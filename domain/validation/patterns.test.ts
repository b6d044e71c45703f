import { describe, expect, it } from "vitest";
import { patterns, type PatternName } from "./patterns";

const cases: Record<PatternName, { valid: string[]; invalid: string[] }> = {
  chineseName: {
    valid: ["张三", "欧阳娜娜", "李四五", "龘龘"],
    invalid: ["张", "欧阳娜娜娜", "张3", "Zhang", "张 三", "", "张·三"],
  },
  mobile: {
    valid: ["13800138000", "12345678901", "10000000000"],
    invalid: ["1380013800", "138001380000", "23800138000", "1380013800a", ""],
  },
  mainlandMobile: {
    valid: ["13800138000", "19912345678"],
    invalid: ["12345678901", "10000000000", "1380013800", ""],
  },
  landline: {
    valid: ["1234567", "12345678", "010-12345678", "01012345678", "0755-1234567", "07551234567", "021-1234567"],
    invalid: ["123456", "123456789", "10-12345678", "010-123456", "00000-1234567", "010--12345678", "-1234567", "1234-5678"],
  },
  hkMacauPass: {
    valid: ["H12345678", "M12345678", "H1234567890", "M0000000000"],
    invalid: ["h12345678", "A12345678", "H1234567", "H123456789", "H12345678901", "12345678", "HM1234567"],
  },
  taiwanPass: {
    valid: ["12345678", "1234567890", "A123456789", "Z000000000"],
    invalid: ["1234567", "123456789", "12345678901", "a123456789", "AB12345678", "A12345678", "T1234567"],
  },
  passport: {
    valid: ["E1234", "E12345678", "G12345678", "12345678901234567", "abcde", "PA1234567"],
    invalid: ["E123", "123456789012345678", "E1234-567", "E 12345", "", "护照12345"],
  },
  foreignerCard: {
    valid: ["USA123456789012", "CHN000000000000"],
    invalid: ["usa123456789012", "US123456789012", "USAA12345678901", "USA12345678901", "USA1234567890123", "123USA456789012"],
  },
  email: {
    valid: ["a@b.cn", "user.name+tag@example.com", "x_y-z@sub.domain.org", "UPPER@EXAMPLE.COM", "a1@x-y.io"],
    invalid: ["", "plain", "a@b", "@b.com", "a@.com", "a@b..com", "a..b@c.com", ".a@b.com", "a@-b.com", "a@b-.com", "a b@c.com", "a@b.c", "a@b.com."],
  },
  url: {
    valid: [
      "http://example.com",
      "https://example.com/",
      "https://sub.example.com:8443/path?q=1#frag",
      "http://localhost:8080",
      "http://192.168.0.1/x",
      "HTTPS://EXAMPLE.COM",
    ],
    invalid: ["ftp://example.com", "javascript:alert(1)", "example.com", "http://", "http://exa mple.com", "http:/example.com", "https://256.1.1.1", "file:///etc/passwd", "//example.com"],
  },
  idCard18: {
    valid: ["11010519491231002X", "440524188001010014", "000000000000000000"],
    invalid: ["11010519491231002x", "1101051949123100", "1101051949123100201", "11010519491231002A", "X10105194912310020"],
  },
  residencePermit: {
    valid: ["810000199408230021", "82000019940823002X", "830000199408230021"],
    invalid: ["840000199408230021", "810001199408230021", "81000019940823002", "81000019940823002x", "110000199408230021"],
  },
  nameChars: {
    valid: ["张三", "abc", "ABC_123", "中文abc_1", "_"],
    invalid: ["", "张 三", "a-b", "a.b", "张·三", "<b>"],
  },
  realName: {
    valid: ["张三", "阿依古丽·买买提", "John Smith", "A", "王_1"],
    invalid: ["", " 张三", "张三 ", "·张三", "张三·", "张-三", "张<三"],
  },
  idList: {
    valid: ["1", "123", "1,2,3", "1123598816738675201,1123598816738675202"],
    invalid: ["", ",", "1,", ",1", "1,,2", "a", "1, 2", "-1", "1.5"],
  },
};

describe("patterns", () => {
  it("has a test table for every pattern", () => {
    expect(Object.keys(cases).sort()).toEqual(Object.keys(patterns).sort());
  });

  it("no pattern is stateful (g or y flag)", () => {
    for (const re of Object.values(patterns)) expect(re.flags).not.toMatch(/[gy]/);
  });

  for (const [name, { valid, invalid }] of Object.entries(cases) as [PatternName, (typeof cases)[PatternName]][]) {
    describe(name, () => {
      it.each(valid)("matches %j", (value) => {
        expect(patterns[name].test(value)).toBe(true);
      });
      it.each(invalid)("does not match %j", (value) => {
        expect(patterns[name].test(value)).toBe(false);
      });
    });
  }
});
