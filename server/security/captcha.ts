import { randomUUID } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import { captcha } from "../db/schema";
import { CAPTCHA_ALPHABET, randomCode, renderCaptchaSvg } from "./captcha-image";
import { safeEqual, sha256Hex } from "./password";
import { dbOf, type Handle } from "./handle";

/** A captcha lives 5 minutes and answers once, right or wrong. */
export const CAPTCHA_TTL_MS = 5 * 60_000;

// The key salts the hash, so equal codes of two captchas do not look alike in the table.
const codeHash = (key: string, code: string) => sha256Hex(`${key}:${code.trim().toUpperCase()}`);

/**
 * Browser journeys cannot read the image, so a test run may fix the code. It takes two variables
 * at once (BLADE_TEST_HOOKS=1 and BLADE_CAPTCHA_TEST_CODE), the server warns at start-up when
 * they are set, and the code stays single-use and expiring like any other.
 */
export function captchaTestCode(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.BLADE_TEST_HOOKS === "1" && env.BLADE_CAPTCHA_TEST_CODE ? env.BLADE_CAPTCHA_TEST_CODE : undefined;
}

/**
 * The certificate of `captchaNew`: a key the browser chose (BladeX's login page sends a UUID), so
 * it must be long enough not to be guessed and plain enough to sit in a header and a table key.
 */
export const CERTIFICATE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const MSG_BAD_CERTIFICATE = "验证码证书无效：应为 16 到 64 位字母、数字、短横线或下划线";

/**
 * A new captcha under a fresh random key, or under the browser's `certificate` (captchaNew). Asking
 * again with the same certificate replaces its code, as BladeX's cache entry is overwritten: the
 * refresh button of a login page keeps its certificate and only the newest image answers.
 */
export async function issueCaptcha(
  handle: Handle,
  now: number,
  certificate?: string,
): Promise<{ key: string; image: string; code: string }> {
  const db = dbOf(handle);
  if (certificate !== undefined && !CERTIFICATE_PATTERN.test(certificate)) throw new Error(MSG_BAD_CERTIFICATE);
  const key = certificate ?? randomUUID();
  const code = captchaTestCode() ?? randomCode();
  await db.delete(captcha).where(lt(captcha.expiresAt, now));
  const row = { codeHash: codeHash(key, code), expiresAt: now + CAPTCHA_TTL_MS };
  await db.insert(captcha).values({ key, ...row }).onConflictDoUpdate({ target: captcha.key, set: row });
  // A fixed test code may hold characters the glyph set lacks; its image does not matter.
  const drawable = [...code.toUpperCase()].every((ch) => CAPTCHA_ALPHABET.includes(ch)) ? code.toUpperCase() : randomCode();
  const image = `data:image/svg+xml;base64,${Buffer.from(renderCaptchaSvg(drawable)).toString("base64")}`;
  return { key, image, code };
}

/** Deletes the captcha whatever the answer (single use), then compares case-insensitively. */
export async function consumeCaptcha(handle: Handle, key: string, code: string, now: number): Promise<boolean> {
  const db = dbOf(handle);
  if (!key || !code || key.length > 64) return false;
  const rows = await db.delete(captcha).where(eq(captcha.key, key)).returning();
  const row = rows[0];
  return !!row && row.expiresAt > now && safeEqual(row.codeHash, codeHash(key, code));
}

export async function purgeExpiredCaptchas(handle: Handle, now: number): Promise<void> {
  const db = dbOf(handle);
  await db.delete(captcha).where(lt(captcha.expiresAt, now));
}
