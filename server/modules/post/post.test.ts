import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postSpec } from "../../../domain/resources/system/post/spec";
import { describeConformance } from "../../test/conformance";
import { freshApp, type TestApp } from "../../test/fresh-app";

describeConformance({
  spec: postSpec,
  valid: (n) => ({ category: 1, postCode: `p${n}`, postName: `岗位${n}`, sort: n }),
  change: { field: "postName", value: "新名称" },
});

describe("/blade-system/post beyond the common routes", () => {
  let api: TestApp;
  let token: string;
  beforeAll(async () => {
    api = await freshApp({ oauth: false });
    token = (await api.loginAdmin()).access_token;
  });
  afterAll(() => api.close());

  it("refuses a post code already used in the tenant, beside the field", async () => {
    const body = { category: 2, postCode: "dup01", postName: "甲", sort: 1 };
    expect((await api.request("/api/blade-system/post/submit", { token, json: body })).status).toBe(200);
    const again = await api.request("/api/blade-system/post/submit", { token, json: { ...body, postName: "乙" } });
    expect(await again.json()).toMatchObject({ code: 400, msg: "岗位编号已存在", data: [{ field: "postCode", message: "岗位编号已存在" }] });
  });

  it("answers select with the tenant's posts in sort order, and names the category", async () => {
    const res = await api.request("/api/blade-system/post/select", { token, query: { tenantId: "000000" } });
    const posts = (await res.json()).data as { postName: string; sort: number }[];
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.map((p) => p.sort)).toEqual([...posts.map((p) => p.sort)].sort((a, b) => a - b));
    const page = await api.request("/api/blade-system/post/list", { token, query: { category_equal: "1" } });
    const records = (await page.json()).data.records as { category: number; categoryName: string }[];
    expect(records.every((r) => r.category === 1 && r.categoryName === "高层")).toBe(true);
  });
});
