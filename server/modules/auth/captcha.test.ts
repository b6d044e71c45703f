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

describe("captchaNew?certificate (the browser names the key)", () => {
  const certificate = "3f0c2a9e-7b1d-4c55-9a8e-0d6f2b7c1e44";
  const captchaNew = (cert: string) => t.request(`/api/blade-auth/oauth/captchaNew?certificate=${encodeURIComponent(cert)}`);

  it("answers {key, image} with the certificate as the key, and the grant accepts it as Captcha-Key", async () => {
    const res = await captchaNew(certificate);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.key).toBe(certificate);
    expect(body.image).toMatch(/^data:image\/svg\+xml;base64,/);
    // The code drawn is the one stored under the certificate: issue again through the service to know it.
    const { code } = await issueCaptcha(t.db, t.ctx.now(), certificate);
    expect((await captchaGrant(certificate, code)).status).toBe(200);
  });

  it("is single use, and asking again under the same certificate replaces the code", async () => {
    const first = await issueCaptcha(t.db, t.ctx.now(), certificate);
    const second = await issueCaptcha(t.db, t.ctx.now(), certificate);
    expect(second.key).toBe(certificate);
    if (first.code !== second.code) expect((await captchaGrant(certificate, first.code)).status).toBe(400);
    const again = await issueCaptcha(t.db, t.ctx.now(), certificate);
    expect((await captchaGrant(certificate, again.code)).status).toBe(200);
    const replay = await captchaGrant(certificate, again.code);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ error: "invalid_grant", error_description: "验证码不正确" });
  });

  it("refuses a missing, short, long or oddly spelt certificate with a message saying what it must be", async () => {
    for (const path of [
      "/api/blade-auth/oauth/captchaNew",
      "/api/blade-auth/oauth/captchaNew?certificate=",
      "/api/blade-auth/oauth/captchaNew?certificate=short",
      `/api/blade-auth/oauth/captchaNew?certificate=${"a".repeat(65)}`,
      `/api/blade-auth/oauth/captchaNew?certificate=${encodeURIComponent("abcdefgh<script>12345")}`,
      `/api/blade-auth/oauth/captchaNew?certificate=${encodeURIComponent("abcdefgh ijklmnop")}`,
    ]) {
      const res = await t.request(path);
      expect(res.status, path).toBe(400);
      expect(await res.json(), path).toEqual({
        code: 400,
        success: false,
        data: null,
        msg: "验证码证书无效：应为 16 到 64 位字母、数字、短横线或下划线",
      });
    }
  });
});
