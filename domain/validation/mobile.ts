import { formatMessage, type Lang } from "./messages";
import { patterns } from "./patterns";

/**
 * Mainland mobile number. The original console tested the format message against a landline
 * pattern and so reported "format error" for correct mobile numbers (and passed landlines); here
 * the format check is the mobile pattern itself, which is what the message means.
 */
export function validateMobile(value: string | null | undefined, lang: Lang = "zh"): string | null {
  if (typeof value !== "string" || value.trim() === "") return formatMessage("mobileRequired", lang);
  if (value.length !== 11) return formatMessage("mobileLength", lang);
  if (!patterns.mainlandMobile.test(value)) return formatMessage("mobileFormat", lang);
  return null;
}
