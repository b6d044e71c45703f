/**
 * Anchored regular expressions shared by the rules. None carries the `g` or `y` flag: those make
 * `test` stateful (lastIndex), which would break a pattern object shared between callers.
 *
 * "Chinese character" means the CJK Unified Ideographs block U+4E00–U+9FFF. The original console
 * used U+4E00–U+9FA5, which misses characters added to the block later and still used in names.
 */
const HAN = "\\u4e00-\\u9fff";

const DOMAIN_LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
const DOMAIN = `(?:${DOMAIN_LABEL}\\.)+[A-Za-z]{2,63}`;
const IPV4_OCTET = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";

export const patterns = {
  /** 2–4 Chinese characters. */
  chineseName: new RegExp(`^[${HAN}]{2,4}$`),
  /** The loose shape of §5: 1 followed by 10 digits. */
  mobile: /^1\d{10}$/,
  /**
   * A mainland mobile number as actually allocated: no number range starts 10, 11 or 12, so the
   * second digit is 3–9. The form rules and `validateMobile` use this one.
   */
  mainlandMobile: /^1[3-9]\d{9}$/,
  /** Optional area code (0 + 2–3 digits, optionally followed by '-'), then 7–8 digits. */
  landline: /^(?:0\d{2,3}-?)?\d{7,8}$/,
  /** Hong Kong/Macau pass (往来内地通行证): H or M, then 8 digits (current card) or 10 (older booklets). */
  hkMacauPass: /^[HM](?:\d{8}|\d{10})$/,
  /**
   * Taiwan pass (台湾居民来往大陆通行证): 8 digits (current card), 10 digits (older booklet: the 8
   * digits plus a 2-digit issue count) or 1 letter + 9 digits (the holder's Taiwan ID number, which
   * some counterparts register instead). All three are in circulation, so all are accepted.
   */
  taiwanPass: /^(?:\d{8}|\d{10}|[A-Z]\d{9})$/,
  /** 5–17 letters or digits. */
  passport: /^[A-Za-z0-9]{5,17}$/,
  /** Foreigner's permanent residence card (2004 format): 3 upper-case letters + 12 digits. */
  foreignerCard: /^[A-Z]{3}\d{12}$/,
  email: new RegExp(`^[A-Za-z0-9_%+-]+(?:\\.[A-Za-z0-9_%+-]+)*@${DOMAIN}$`),
  /** http and https only: other schemes (javascript:, file:, ftp:) have no business in a link field. */
  url: new RegExp(
    `^https?://(?:localhost|(?:${IPV4_OCTET}\\.){3}${IPV4_OCTET}|${DOMAIN})(?::\\d{1,5})?(?:[/?#]\\S*)?$`,
    "i",
  ),
  /** Shape of an 18-character resident ID number; upper-case X only (normalise first). */
  idCard18: /^\d{17}[\dX]$/,
  /**
   * Residence permit for Hong Kong (810000), Macau (820000) and Taiwan (830000) residents. The check
   * character is verified separately (see `validateIdDocument`).
   */
  residencePermit: /^8[123]0000\d{11}[\dX]$/,
  /** The name rule: Chinese characters, digits, letters and underscore. */
  nameChars: new RegExp(`^[${HAN}A-Za-z0-9_]+$`),
  /**
   * A person's real name: the name-rule characters plus the interpunct '·' (U+00B7, as in
   * transliterated and minority names) and spaces, both only between other characters.
   */
  realName: new RegExp(`^[${HAN}A-Za-z0-9_](?:[${HAN}A-Za-z0-9_· ]*[${HAN}A-Za-z0-9_])?$`),
  /** A comma-joined list of numeric ids, as roleId/deptId/postId are stored. */
  idList: /^\d+(?:,\d+)*$/,
} as const;

export type PatternName = keyof typeof patterns;
