import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildPasswordPattern, isWeakPassword, PASSWORD_SPECIAL_CHARS, type PasswordPatternOptions } from "./password";

const DIGITS = "0123456789";
const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const SPECIAL = "!@#$%^&*()_+=";

describe("PASSWORD_SPECIAL_CHARS", () => {
  it("is the §5 set", () => {
    expect(PASSWORD_SPECIAL_CHARS).toBe(SPECIAL);
  });
});

describe("buildPasswordPattern", () => {
  const all: PasswordPatternOptions = { digits: true, upper: true, lower: true, special: true, min: 8, max: 16 };

  it.each([
    [all, "Abcdef1!", true],
    [all, "Abcdef1!Abcdef1!", true], // max
    [all, "Abcde1!", false], // min - 1
    [all, "Abcdef1!Abcdef1!A", false], // max + 1
    [all, "abcdef1!", false], // no upper
    [all, "ABCDEF1!", false], // no lower
    [all, "Abcdefg!", false], // no digit
    [all, "Abcdefg1", false], // no special
    [all, "Abcdef1!-", false], // '-' is not special
    [all, "Abcdef1! ", false],
    [all, "Abcdef1!\n", false],
    [all, "Abcdef1!中", false],
    [{ digits: true, min: 6, max: 6 }, "123456", true],
    [{ digits: true, min: 6, max: 6 }, "12345", false],
    [{ digits: true, min: 6, max: 6 }, "1234567", false],
    [{ digits: true, min: 6, max: 6 }, "12345a", false],
    [{ lower: true, digits: true, min: 2, max: 4 }, "a1", true],
    [{ lower: true, digits: true, min: 2, max: 4 }, "aa", false],
    [{ lower: true, digits: true, min: 2, max: 4 }, "11", false],
    [{ lower: true, digits: true, min: 2, max: 4 }, "A1", false],
    [{ upper: true, min: 1, max: 3 }, "", false],
    [{ upper: true, min: 0, max: 3 }, "", false], // at least one upper is still required
    [{ special: true, min: 1, max: 20 }, SPECIAL, true],
    [{ special: true, min: 1, max: 20 }, "^", true],
    [{ special: true, min: 1, max: 20 }, "^^^", true],
    [{ special: true, min: 1, max: 20 }, "-", false],
    [{ special: true, min: 1, max: 20 }, "]", false],
    [{ special: true, min: 1, max: 20 }, "\\", false],
    [{ special: true, min: 1, max: 20 }, "[", false],
    [{ special: true, min: 1, max: 20 }, "a", false],
    [{ special: true, min: 1, max: 20 }, ".", false],
    [{ lower: true, min: 3, max: Infinity }, "abc", true],
    [{ lower: true, min: 3, max: Infinity }, "a".repeat(1000), true],
    [{ lower: true, min: 3, max: Infinity }, "ab", false],
  ] as [PasswordPatternOptions, string, boolean][])("%o: %j → %s", (options, value, expected) => {
    expect(buildPasswordPattern(options).test(value)).toBe(expected);
  });

  it.each([
    [{ min: 6, max: 12 }, /at least one character class/],
    [{ digits: false, upper: false, lower: false, special: false, min: 6, max: 12 }, /at least one character class/],
    [{ digits: true, min: 13, max: 12 }, /min \(13\) is greater than max \(12\)/],
    [{ digits: true, min: -1, max: 12 }, /min must be a non-negative integer/],
    [{ digits: true, min: 1.5, max: 12 }, /min must be a non-negative integer/],
    [{ digits: true, min: NaN, max: 12 }, /min must be a non-negative integer/],
    [{ digits: true, min: 1, max: 2.5 }, /max must be a non-negative integer or Infinity/],
    [{ digits: true, min: 1, max: NaN }, /max must be a non-negative integer or Infinity/],
  ] as [PasswordPatternOptions, RegExp][])("throws for %o", (options, message) => {
    expect(() => buildPasswordPattern(options)).toThrow(message);
  });

  it("allows min === max", () => {
    expect(() => buildPasswordPattern({ digits: true, min: 4, max: 4 })).not.toThrow();
  });

  const classArb = fc
    .record({ digits: fc.boolean(), upper: fc.boolean(), lower: fc.boolean(), special: fc.boolean() })
    .filter((c) => c.digits || c.upper || c.lower || c.special);
  const alphabet = (c: { digits: boolean; upper: boolean; lower: boolean; special: boolean }) =>
    (c.digits ? DIGITS : "") + (c.upper ? UPPER : "") + (c.lower ? LOWER : "") + (c.special ? SPECIAL : "");
  const requiredSets = (c: { digits: boolean; upper: boolean; lower: boolean; special: boolean }) =>
    [c.digits && DIGITS, c.upper && UPPER, c.lower && LOWER, c.special && SPECIAL].filter(Boolean) as string[];

  /** A password with one character of every chosen class plus filler, shuffled, within min..max. */
  const passwordArb = classArb.chain((classes) => {
    const sets = requiredSets(classes);
    return fc
      .record({
        classes: fc.constant(classes),
        required: fc.tuple(...sets.map((s) => fc.constantFrom(...s))),
        filler: fc.array(fc.constantFrom(...alphabet(classes)), { maxLength: 20 }),
        slack: fc.nat({ max: 5 }),
        seed: fc.integer(),
      })
      .map(({ classes, required, filler, slack, seed }) => {
        const chars = [...required, ...filler];
        // Deterministic shuffle so the required characters are not always in front.
        let s = seed;
        for (let i = chars.length - 1; i > 0; i--) {
          s = (s * 1103515245 + 12345) | 0;
          const j = Math.abs(s) % (i + 1);
          [chars[i], chars[j]] = [chars[j], chars[i]];
        }
        const value = chars.join("");
        const min = Math.max(0, value.length - slack);
        return { classes, value, min, max: value.length + slack };
      });
  });

  it("accepts generated strings that satisfy the classes and lengths", () => {
    fc.assert(
      fc.property(passwordArb, ({ classes, value, min, max }) => {
        expect(buildPasswordPattern({ ...classes, min, max }).test(value)).toBe(true);
      }),
    );
  });

  it("refuses the same strings with one character outside the chosen classes", () => {
    fc.assert(
      fc.property(
        passwordArb,
        fc.constantFrom(..." -[]\\.,;:'\"<>?/|~`{}中é\n\t"),
        fc.nat(),
        ({ classes, value, min, max }, outsider, at) => {
          const i = at % (value.length + 1);
          const bad = value.slice(0, i) + outsider + value.slice(i);
          expect(buildPasswordPattern({ ...classes, min, max: max + 1 }).test(bad)).toBe(false);
        },
      ),
    );
  });

  it("refuses strings one character too short or too long", () => {
    fc.assert(
      fc.property(passwordArb, ({ classes, value }) => {
        const n = value.length;
        if (n > 0) expect(buildPasswordPattern({ ...classes, min: n + 1, max: n + 5 }).test(value)).toBe(false);
        if (n > 1) expect(buildPasswordPattern({ ...classes, min: 0, max: n - 1 }).test(value)).toBe(false);
      }),
    );
  });

  it("refuses strings missing a chosen class", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...LOWER + DIGITS), { minLength: 1, maxLength: 20 }), (chars) => {
        const value = chars.join("");
        const pattern = buildPasswordPattern({ lower: true, digits: true, upper: true, min: 0, max: 40 });
        expect(pattern.test(value)).toBe(false);
      }),
    );
  });
});

describe("isWeakPassword", () => {
  const weak: [string, string][] = [
    // three identical letters or digits
    ["aaa", "identical lower"],
    ["AAA", "identical upper"],
    ["111", "identical digits"],
    ["Pass000word", "identical digits inside"],
    ["xZZZy", "identical upper inside"],
    ["我我我", "identical Chinese characters (not symbols)"],
    // keyboard rows, forward, any case
    ["qwe", "qwerty row lower"],
    ["QWE", "qwerty row upper"],
    ["qWe", "qwerty row mixed"],
    ["xyuiox", "qwerty row inside"],
    ["iop", "end of the qwerty row"],
    ["asd", "asdf row lower"],
    ["ASD", "asdf row upper"],
    ["hjk", "asdf row middle"],
    ["jkl", "end of the asdf row"],
    ["zxc", "zxcv row lower"],
    ["ZXC", "zxcv row upper"],
    ["bnm", "end of the zxcv row"],
    ["P@ss-VbN-1", "zxcv row mixed case inside"],
    // ascending digits and the digit row
    ["123", "ascending digits"],
    ["456", "ascending digits"],
    ["789", "ascending digits"],
    ["012", "ascending digits from 0"],
    ["890", "digit row wrap"],
    ["Ab!234x", "ascending digits inside"],
  ];
  it.each(weak)("%j is weak (%s)", (value) => {
    expect(isWeakPassword(value)).toBe(true);
  });

  const strong: [string, string][] = [
    ["", "empty"],
    ["aa", "two identical"],
    ["aAa", "identity is case-sensitive"],
    ["!!!", "identical symbols are exempt"],
    ["###$$$***", "identical symbols are exempt"],
    ["   ", "identical spaces are symbols"],
    ["ewq", "qwerty row backwards"],
    ["EWQ", "qwerty row backwards upper"],
    ["dsa", "asdf row backwards"],
    ["cxz", "zxcv row backwards"],
    ["qw", "only two of a row"],
    ["pas", "p and a are on different rows"],
    ["lzx", "l and z are on different rows"],
    ["mqw", "m and q are on different rows"],
    ["op1", "two row letters then a digit"],
    ["321", "descending digits"],
    ["987", "descending digits"],
    ["901", "wrapping back to the row start"],
    ["135", "non-consecutive digits"],
    ["12a3", "run interrupted"],
    ["q w e", "run interrupted by spaces"],
    ["Tr0ub4dor&3", "classic counter-example"],
    ["Xk9#mP2$vL", "random"],
    ["abc", "alphabet run is not a keyboard row"],
  ];
  it.each(strong)("%j is not weak (%s)", (value) => {
    expect(isWeakPassword(value)).toBe(false);
  });

  it("any string containing an identical letter or digit triple is weak", () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...LOWER + UPPER + DIGITS), fc.string(), (a, c, b) =>
        isWeakPassword(a + c.repeat(3) + b),
      ),
    );
  });

  it("every forward run of three on a row is weak in upper and lower case, and no backward run is", () => {
    for (const row of ["qwertyuiop", "asdfghjkl", "zxcvbnm", "1234567890"]) {
      for (let i = 0; i + 3 <= row.length; i++) {
        const run = row.slice(i, i + 3);
        expect(isWeakPassword(`#${run}#`)).toBe(true);
        expect(isWeakPassword(`#${run.toUpperCase()}#`)).toBe(true);
        expect(isWeakPassword(`#${[...run].reverse().join("")}#`)).toBe(false);
      }
    }
  });
});
