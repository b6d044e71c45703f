/**
 * The login page runs in captcha mode and shows an image a journey cannot read. The e2e server
 * runs with BLADE_CAPTCHA_TEST_CODE (set by playwright.config.ts), meaning it accepts this fixed
 * code for any captcha key. Never set that variable outside tests.
 */
import { E2E_ENV, requireEnv } from "./env";

export function captchaCode(): string {
  return requireEnv(E2E_ENV.captchaCode);
}
