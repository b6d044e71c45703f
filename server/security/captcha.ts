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

export async function issueCaptcha(handle: Handle, now: number): Promise<{ key: string; image: string; code: string }> {
  const db = dbOf(handle);
  const key = randomUUID();
  const code = captchaTestCode() ?? randomCode();
  await db.delete(captcha).where(lt(captcha.expiresAt, now));
  await db.insert(captcha).values({ key, codeHash: codeHash(key, code), expiresAt: now + CAPTCHA_TTL_MS });
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
