import { formatMessage, type Lang } from "./messages";
import { patterns } from "./patterns";

/**
 * Province-level codes (the first two digits of the address code, GB/T 2260) that can begin a
 * resident ID number: the 31 mainland provinces, 71 Taiwan, 81 Hong Kong, 82 Macau, and 91, which
 * the 2023 foreigner's permanent residence ID card uses.
 */
export const ID_CARD_PROVINCE_CODES: readonly string[] = [
  "11", "12", "13", "14", "15",
  "21", "22", "23",
  "31", "32", "33", "34", "35", "36", "37",
  "41", "42", "43", "44", "45", "46",
  "50", "51", "52", "53", "54",
  "61", "62", "63", "64", "65",
  "71", "81", "82", "91",
];

const PROVINCES = new Set(ID_CARD_PROVINCE_CODES);

/** GB 11643-1999: weights 2^(18-i) mod 11 of ISO 7064 MOD 11-2, and the character for each remainder. */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = "10X98765432";

/** The check character ('0'–'9' or 'X') of a 17-digit body. */
export function idCardCheckChar(body: string): string {
  if (!/^\d{17}$/.test(body)) throw new Error(`idCardCheckChar: expected 17 digits, got "${body}"`);
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(body[i]) * WEIGHTS[i];
  return CHECK_CHARS[sum % 11];
}

/**
 * People type a lower-case x as often as an upper-case one and both mean the same check character;
 * the validators accept it, and callers should store the result of this function. Only ASCII
 * letters are upper-cased: String#toUpperCase turns e.g. 'ß' into 'SS', which would change the
 * length and could make an invalid number pass a length-bounded pattern.
 */
export function normalizeIdNumber(value: string): string {
  return value.replace(/[a-z]/g, (c) => c.toUpperCase());
}

const isBlank = (value: unknown): boolean => typeof value !== "string" || value.trim() === "";

/**
 * Checks shared by the resident ID card and the HK/Macau/Taiwan residence permit, which follows the
 * same 18-character layout and check character. `prefixOk` is where the two differ.
 */
export function validateIdNumber18(
  value: string | null | undefined,
  prefixOk: (upper: string) => boolean,
  prefixMessage: "idAddress" | "idFormat",
  lang: Lang = "zh",
): string | null {
  if (isBlank(value)) return formatMessage("idRequired", lang);
  const v = normalizeIdNumber(value as string);
  // Count code points, not UTF-16 units, so one emoji is one character of 18.
  if ([...(value as string)].length !== 18) return formatMessage("idLength", lang);
  if (!patterns.idCard18.test(v)) return formatMessage("idFormat", lang);
  if (!prefixOk(v)) return formatMessage(prefixMessage, lang);
  if (idCardCheckChar(v.slice(0, 17)) !== v[17]) return formatMessage("idChecksum", lang);
  return null;
}

/**
 * Mainland resident ID card (GB 11643-1999). Returns null when valid, otherwise the first failing
 * §5 message. The birth date inside the number is deliberately not checked: §5 has no message for
 * it, and the check character already catches almost every typing error.
 */
export function validateIdCard(value: string | null | undefined, lang: Lang = "zh"): string | null {
  return validateIdNumber18(value, (v) => PROVINCES.has(v.slice(0, 2)), "idAddress", lang);
}
