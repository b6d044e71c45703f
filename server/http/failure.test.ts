import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { md5Hex } from "../security/password";
import { basicAuth, freshApp, type TestApp } from "../test/fresh-app";

let t: TestApp;
beforeAll(async () => {
  t = await freshApp({ oauth: false });
});
afterAll(() => t.close());

const TOKEN = "/api/blade-auth/oauth/token";

/** The OAuth2 error shape, and nothing of the R envelope. */
async function oauthError(res: Response, status: number, error: string, description: RegExp) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(["error", "error_description"]);
  expect(body.error).toBe(error);
  expect(body.error_description).toMatch(description);
  expect(res.headers.get("cache-control")).toBe("no-store");
}

describe("failures of the token endpoint answer in OAuth2's shape", () => {
  it("a parameter no column can hold, in the query or a form body", async () => {
    await oauthError(await t.tokenRequest({ grant_type: "password", username: "ad\u0000min", password: md5Hex("x") }), 400, "invalid_request", /非法字符/);
    const form = await t.request(TOKEN, {
      method: "POST",
      body: `grant_type=password&tenantId=000000&username=admin%00&password=${md5Hex("x")}`,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    await oauthError(form, 400, "invalid_request", /非法字符/);
    await oauthError(await t.tokenRequest({ grant_type: "refresh_token", refresh_token: "a\u0000" }), 400, "invalid_request", /非法字符/);
    await oauthError(await t.request(`${TOKEN}/refresh`, { method: "POST", query: { refresh_token: "\u0000" } }), 400, "invalid_request", /非法字符/);
  });

  it("a body too large, and a method the endpoint has not", async () => {
    const big = await t.request(TOKEN, {
      method: "POST",
      body: `username=${"a".repeat(1_100_000)}`,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    await oauthError(big, 413, "invalid_request", /过大/);
    await oauthError(await t.request(TOKEN, { method: "GET" }), 404, "invalid_request", /404/);
  });

  it("an unexpected exception: 500 server_error there, the R envelope elsewhere", async () => {
    const broken = await freshApp({ oauth: false });
    const token = (await broken.loginAdmin()).access_token;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      for (const table of ["blade_client", "blade_tenant", "blade_user"]) await broken.db.execute(sql.raw(`alter table ${table} rename to ${table}_gone`));
      const res = await broken.tokenRequest({ grant_type: "password", tenantId: "000000", username: "admin", password: md5Hex("x") }, { Authorization: basicAuth() });
      await oauthError(res, 500, "server_error", /^服务器异常$/);
      const other = await broken.request("/api/blade-user/info", { token });
      expect(other.status).toBe(500);
      expect(await other.json()).toEqual({ code: 500, success: false, data: null, msg: "服务器异常" });
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
      await broken.close();
    }
  });

  it("other routes keep the R envelope for the same mistakes", async () => {
    const res = await t.request("/api/blade-system/tenant/info", { query: { domain: "a\u0000" } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 400, success: false, data: null, msg: expect.stringMatching(/非法字符/) });
  });
});
