import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshApp, type TestApp } from "../../test/fresh-app";

let t: TestApp;
beforeAll(async () => {
  t = await freshApp();
});
afterAll(() => t.close());

describe("envelope and errors", () => {
  it("answers health with R ok", async () => {
    const res = await t.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 200, success: true, data: { status: "UP" }, msg: "操作成功" });
  });

  it("answers an unknown route with a 404 envelope", async () => {
    const res = await t.request("/api/nothing/here");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 404, success: false, data: null });
  });
});
