import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueCaptcha } from "../../security/captcha";
import { md5Hex } from "../../security/password";
import { freshApp, type TestApp } from "../../test/fresh-app";

let t: TestApp;
beforeAll(async () => {
  t = await freshApp();
});
afterAll(() => t.close());

const captchaGrant = (key: string, code: string) =>
  t.tokenRequest(
    { tenantId: "000000", username: "admin", password: md5Hex(t.adminPassword), grant_type: "captcha" },
    { "Captcha-Key": key, "Captcha-Code": code },
  );

describe("captcha", () => {
  it("GET /oauth/captcha answers a bare {key, image} with an SVG data URL that does not spell the code", async () => {
    const res = await t.request("/api/blade-auth/oauth/captcha");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(["image", "key"]);
    expect(body.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(body.image.split(",")[1], "base64").toString();
    expect(svg).toMatch(/^<svg /);
    expect(svg).not.toContain("<text");
  });

  it("the captcha grant signs in with the right code, compared case-insensitively", async () => {
    const { key, code } = await issueCaptcha(t.db, t.ctx.now());
    const res = await captchaGrant(key, code.toLowerCase());
    expect(res.status).toBe(200);
  });

  it("a captcha answers once: the same key and code fail the second time", async () => {
    const { key, code } = await issueCaptcha(t.db, t.ctx.now());
    expect((await captchaGrant(key, code)).status).toBe(200);
    const again = await captchaGrant(key, code);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: "invalid_grant", error_description: "验证码不正确" });
  });

  it("a wrong code uses the captcha up as well", async () => {
    const { key, code } = await issueCaptcha(t.db, t.ctx.now());
    expect((await captchaGrant(key, "XXXXX")).status).toBe(400);
    expect((await captchaGrant(key, code)).status).toBe(400);
  });

  it("refuses a missing key, an unknown key and an expired captcha", async () => {
    expect((await captchaGrant("", "ABCDE")).status).toBe(400);
    expect((await captchaGrant("no-such-key", "ABCDE")).status).toBe(400);
    const { key, code } = await issueCaptcha(t.db, t.ctx.now());
    t.advanceTime(5 * 60_000 + 1000);
    try {
      expect((await captchaGrant(key, code)).status).toBe(400);
    } finally {
      t.advanceTime(-(5 * 60_000 + 1000));
    }
  });
});

describe("captcha test hook", () => {
  it("fixes the code only when both test variables are set", async () => {
    const { captchaTestCode } = await import("../../security/captcha");
    expect(captchaTestCode({ BLADE_CAPTCHA_TEST_CODE: "e2e42" })).toBeUndefined();
    expect(captchaTestCode({ BLADE_TEST_HOOKS: "1" })).toBeUndefined();
    expect(captchaTestCode({ BLADE_TEST_HOOKS: "1", BLADE_CAPTCHA_TEST_CODE: "e2e42" })).toBe("e2e42");
  });
});
