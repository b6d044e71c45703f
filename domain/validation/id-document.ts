import { normalizeIdNumber, validateIdCard, validateIdNumber18 } from "./idcard";
import { formatMessage, type Lang } from "./messages";
import { patterns } from "./patterns";

/** The ID types of §3, by their stored numeric value. */
export const ID_TYPES = {
  idCard: 0,
  hkMacauPass: 1,
  taiwanPass: 2,
  passport: 3,
  residencePermit: 4,
  foreignerCard: 5,
} as const;

export type IdType = (typeof ID_TYPES)[keyof typeof ID_TYPES];

const RESIDENCE_PREFIXES = new Set(["810000", "820000", "830000"]);

const simpleFormats: Partial<Record<number, RegExp>> = {
  [ID_TYPES.hkMacauPass]: patterns.hkMacauPass,
  [ID_TYPES.taiwanPass]: patterns.taiwanPass,
  [ID_TYPES.passport]: patterns.passport,
  [ID_TYPES.foreignerCard]: patterns.foreignerCard,
};

/**
 * Validates a document number against its ID type. The type is checked first: without a known type
 * there is nothing to check the number against. A digit string type ("0"–"5") is accepted because
 * HTML selects and query strings deliver strings.
 *
 * Letters are compared upper-case (as for the X of the ID card): a lower-case h12345678 is the
 * same pass as H12345678, and callers should store `normalizeIdNumber(value)`.
 */
export function validateIdDocument(
  type: number | string,
  value: string | null | undefined,
  lang: Lang = "zh",
): string | null {
  const t = typeof type === "string" && /^\d$/.test(type) ? Number(type) : type;
  if (typeof t !== "number" || !Number.isInteger(t) || t < 0 || t > 5) return formatMessage("idType", lang);
  if (t === ID_TYPES.idCard) return validateIdCard(value, lang);
  if (t === ID_TYPES.residencePermit) {
    // Same layout and check character as the ID card, but the address code is fixed per region
    // (83 for Taiwan is not a province code, so the ID card's address rule cannot be reused).
    return validateIdNumber18(value, (v) => RESIDENCE_PREFIXES.has(v.slice(0, 6)), "idFormat", lang);
  }
  if (typeof value !== "string" || value.trim() === "") return formatMessage("idRequired", lang);
  const pattern = simpleFormats[t] as RegExp;
  return pattern.test(normalizeIdNumber(value)) ? null : formatMessage("idFormat", lang);
}
