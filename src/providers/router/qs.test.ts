import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import qs from "./qs";

// The real qs, through Node's own resolution, which vite's alias (a bare "qs" is the alias
// itself) does not reach. qs ships no types: it is held to the alias's, which it must match.
const realQs = createRequire(import.meta.url)("qs") as typeof qs;

// What refine's table and router send through qs: the alias must answer exactly as qs does.
const tableParams = {
  current: 3,
  pageSize: 20,
  sorters: [{ field: "createTime", order: "desc" }],
  filters: [
    { field: "account", operator: "contains", value: "张 三&x=1" },
    { field: "status", operator: "eq", value: null },
    { field: "deptId", operator: "in", value: ["1", "2"] },
  ],
};

describe("qs for refine (vite alias)", () => {
  it("stringifies table parameters as qs does", () => {
    const options = { skipNulls: true, arrayFormat: "indices", encode: false } as const;
    expect(qs.stringify(tableParams, options)).toBe(realQs.stringify(tableParams, options));
    expect(qs.stringify(tableParams, { addQueryPrefix: true })).toBe(realQs.stringify(tableParams, { addQueryPrefix: true }));
  });

  it("parses them back as qs does, nested ten levels deep", () => {
    const search = realQs.stringify(tableParams);
    expect(qs.parse(search, { depth: 10 })).toEqual(realQs.parse(search, { depth: 10 }));
    expect(qs.parse("?tab=a&ids[]=1&ids[]=2", { ignoreQueryPrefix: true })).toEqual(realQs.parse("?tab=a&ids[]=1&ids[]=2", { ignoreQueryPrefix: true }));
  });
});
