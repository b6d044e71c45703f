import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { md5Hex } from "./security/password";
import { freshApp, type TestApp } from "./test/fresh-app";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await freshApp();
  admin = (await t.loginAdmin()).access_token;
});
afterAll(() => t.close());

/** Hostile or sloppy input must be a 4xx, never a 500 (which would mean the database choked). */
describe("bad input is never a server error", () => {
  it("ids beyond a bigint, and odd encodings, in query parameters", async () => {
    for (const path of [
      "/api/blade-user/detail?id=99999999999999999999",
      "/api/blade-user/detail?id=9999999999999999999",
      "/api/blade-user/detail?id=%E0%A4%A",
      "/api/blade-user/page?deptId=9999999999999999999",
      "/api/blade-user/page?id_equal=9999999999999999999",
      "/api/blade-user/page?roleId=1;drop",
      "/api/blade-user/remove?ids=9999999999999999999",
      "/api/blade-system/dept/lazy-tree?parentId=-1",
      "/api/blade-user/page?current=99999999999",
    ]) {
      const res = await t.request(path, { token: admin, method: path.includes("remove") ? "POST" : "GET" });
      expect(res.status, path).toBe(400);
      expect((await res.json()).code, path).toBe(400);
    }
  });

  it("an over-long Tenant-Id, account or captcha key at the token endpoint", async () => {
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ username: "admin", password: md5Hex("x") }, { "Tenant-Id": "0000001234567890" }],
      [{ username: "a".repeat(5000), password: md5Hex("x") }, {}],
      [{ username: "admin", password: "p".repeat(5000) }, {}],
      [{ username: "admin", password: md5Hex("x"), grant_type: "captcha" }, { "Captcha-Key": "k".repeat(500), "Captcha-Code": "x" }],
      [{ grant_type: "refresh_token", refresh_token: "a.b.c" }, {}],
    ];
    for (const [params, headers] of cases) {
      const res = await t.tokenRequest({ grant_type: "password", ...params }, headers);
      expect(res.status).toBe(400);
      expect(await res.json()).toHaveProperty("error_description");
    }
  });

  it("a body over 1 MB is refused before it is read", async () => {
    const res = await t.request("/api/blade-user/submit", {
      token: admin,
      body: JSON.stringify({ account: "x".repeat(1_100_000) }),
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(413);
    expect((await res.json()).success).toBe(false);
  });

  it("field-type errors name the field by its label", async () => {
    const res = await t.request("/api/blade-user/submit", { token: admin, json: { account: ["x"], realName: "张三" } });
    expect(res.status).toBe(400);
    expect((await res.json()).msg).toMatch(/^登录账号/);
  });
});
