import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenant } from "../../db/schema";
import { freshApp, type TestApp } from "../../test/fresh-app";
import { normaliseDomain } from "./routes";

let t: TestApp;
beforeAll(async () => {
  t = await freshApp();
  await t.createTenant("700001", "域名租户");
  await t.db.update(tenant).set({ domain: "Console.Example.com" }).where(eq(tenant.tenantId, "700001"));
  await t.createTenant("700002", "停用租户");
  await t.db.update(tenant).set({ domain: "off.example.com", status: 0 }).where(eq(tenant.tenantId, "700002"));
});
afterAll(() => t.close());

const info = async (domain?: string) => {
  const res = await t.request("/api/blade-system/tenant/info", { query: domain === undefined ? {} : { domain } });
  expect(res.status).toBe(200);
  return (await res.json()).data;
};

describe("GET /blade-system/tenant/info (public)", () => {
  it("answers the tenant bound to a domain, whatever the case, port or scheme", async () => {
    for (const d of ["console.example.com", "CONSOLE.example.com:8443", "https://console.example.com/login"]) {
      expect(await info(d)).toEqual({ tenantId: "700001", domain: "Console.Example.com" });
    }
  });

  it("answers {} for an unknown domain, a disabled tenant or no domain at all", async () => {
    expect(await info("unknown.example.com")).toEqual({});
    expect(await info("off.example.com")).toEqual({});
    expect(await info("")).toEqual({});
    expect(await info()).toEqual({});
  });

  it("normalises host names", () => {
    expect(normaliseDomain(" Example.COM. ")).toBe("example.com");
    expect(normaliseDomain("[::1]:8080")).toBe("[::1]");
  });
});
