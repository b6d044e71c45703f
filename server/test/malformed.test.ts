/**
 * Every route the app registers, sent every kind of malformed input, signed out and signed in as
 * the platform administrator: not one answer may be a 5xx. The routes come from the app itself,
 * so a route added later is walked without anyone listing it here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { modules } from "../modules";
import { BEYOND_BIGINT, deepJson, manyIds } from "./conformance-malformed";
import { freshApp, type RequestOptions, type TestApp } from "./fresh-app";

interface Route {
  method: string;
  path: string;
}

interface Attempt {
  kind: string;
  /** Path with its parameters filled, and a query string already encoded (some cannot be built by URLSearchParams). */
  url: string;
  options: RequestOptions;
}

/** Query strings, raw: NUL in names and values, bytes that are no UTF-8, numbers beyond their columns, id lists. */
const QUERIES: [string, string][] = [
  ["NUL in the values read most", "id=1%00&ids=1%00&tenantId=000000%00&domain=a%00&phone=1%00&email=a%00&code=a%00&parentId=1%00&userId=1%00"],
  ["NUL in a parameter name", "a%00b=1"],
  ["an encoded lone surrogate", "id=%ED%A0%80&tenantId=%ED%B0%80&account=%ED%A0%80&source=%uD800"],
  ["malformed percent escapes", "id=%E0%A4%A&tenantId=%&domain=%zz"],
  ["a smallint filter beyond its column", "sex_equal=32768"],
  ["an integer filter beyond its column", "status_equal=2147483648&category_equal=-2147483649"],
  ["paging beyond range", "current=99999999999&size=99999999999999"],
  ["ids beyond a bigint", `id=${BEYOND_BIGINT}&parentId=${BEYOND_BIGINT}&userId=${BEYOND_BIGINT}&topMenuId=${BEYOND_BIGINT}&deptId=${BEYOND_BIGINT}&roleId=${BEYOND_BIGINT}`],
  ["1001 ids", `ids=${manyIds(1001)}&userIds=${manyIds(1001)}`],
  ["70,000 ids", `ids=${manyIds(70_000)}`],
  ["ids that are no numbers", "ids=abc,1'%20or%20'1'='1&userIds=-1,0"],
];

const JSON_TYPE = { "Content-Type": "application/json" };
const FORM_TYPE = { "Content-Type": "application/x-www-form-urlencoded" };

/** Bodies of every kind a POST may carry. */
const BODIES: [string, RequestOptions][] = [
  ["NUL at every depth", { json: { account: "a\u0000", tenantId: "000000\u0000", logs: [{ message: "m\u0000", info: { deep: ["\u0000"] } }] } }],
  ["NUL in a key", { json: { "account\u0000": "a", nested: { "k\u0000": 1 } } }],
  ["lone surrogates", { json: { realName: "\ud800", name: "x\udc00", logs: [{ message: "\ud800" }] } }],
  ["a lone surrogate in a key", { json: { "\udfff": "x" } }],
  ["integers beyond every column", { json: { sort: 2147483648, sex: 32768, status: -2147483649, category: 1e300, userType: 1e20 } }],
  ["an id beyond a bigint", { json: { id: BEYOND_BIGINT, parentId: BEYOND_BIGINT, deptId: BEYOND_BIGINT, roleId: BEYOND_BIGINT } }],
  ["JSON 150,000 levels deep", { body: deepJson(150_000), headers: JSON_TYPE }],
  ["JSON 33 levels deep in a field", { body: `{"logs":${deepJson(33)}}`, headers: JSON_TYPE }],
  ["a body over 1 MB", { json: { account: "x".repeat(1_100_000) } }],
  ["JSON that is no object", { body: "[1,2", headers: JSON_TYPE }],
  ["NUL in a form body", { body: "ids=1%00&username=admin%00&tenantId=000000%00&grant_type=password%00", headers: FORM_TYPE }],
  ["a form body of 1001 ids", { body: `ids=${manyIds(1001)}&userIds=${manyIds(1001)}`, headers: FORM_TYPE }],
  ["a multipart body with NUL", { body: '--b\r\nContent-Disposition: form-data; name="file\u0000"\r\n\r\nx\u0000\r\n--b--\r\n', headers: { "Content-Type": "multipart/form-data; boundary=b" } }],
];

/** Values for `:param` segments: NUL, an encoded lone surrogate, an id beyond a bigint. */
const PATH_VALUES = ["%00", "%ED%A0%80", BEYOND_BIGINT, "a%00b"];

/** Well-formed `:param` values, so that query and body reach as far into the route as they can. */
const PLAIN_VALUES: Record<string, string> = { ":source": "oauth2", ":id": "1" };

function routesOf(t: TestApp): Route[] {
  const seen = new Map<string, Route>();
  // Hono lists middleware as method ALL; a route's guard and handler share one method and path.
  for (const r of t.app.routes) if (r.method !== "ALL") seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
  // Signing out last, so the administrator's session serves every other route.
  return [...seen.values()].sort((a, b) => Number(a.path.endsWith("/logout")) - Number(b.path.endsWith("/logout")));
}

function attemptsFor(route: Route): Attempt[] {
  const method = route.method;
  const path = route.path.replace(/:\w+/g, (p) => PLAIN_VALUES[p] ?? "1");
  const out: Attempt[] = [{ kind: "no input", url: path, options: { method } }];
  if (path !== route.path) {
    for (const v of PATH_VALUES) out.push({ kind: `path parameter ${v}`, url: route.path.replace(/:\w+/g, v), options: { method } });
  }
  for (const [kind, query] of QUERIES) out.push({ kind, url: `${path}?${query}`, options: { method } });
  if (method !== "GET") for (const [kind, body] of BODIES) out.push({ kind, url: path, options: { method, ...body } });
  return out;
}

let t: TestApp;
let routes: Route[];
beforeAll(async () => {
  t = await freshApp();
  routes = routesOf(t);
});
afterAll(() => t.close());

describe("malformed input on every route", () => {
  it("walks every module of the registry", () => {
    for (const m of modules) {
      const prefix = `/api${m.base === "/" ? "" : m.base}/`;
      expect(routes.some((r) => r.path.startsWith(prefix)), m.base).toBe(true);
    }
    expect(routes.length).toBeGreaterThan(60);
  });

  for (const who of ["signed out", "the platform administrator"] as const) {
    it(`never answers 5xx, ${who}`, async () => {
      const token = who === "signed out" ? undefined : (await t.loginAdmin()).access_token;
      const failures: string[] = [];
      let sent = 0;
      for (const route of routes) {
        for (const a of attemptsFor(route)) {
          const res = await t.request(a.url, { ...a.options, token });
          sent++;
          if (res.status >= 500) failures.push(`${res.status} ${route.method} ${route.path}: ${a.kind} → ${(await res.text()).slice(0, 200)}`);
          else await res.arrayBuffer();
        }
      }
      expect(failures).toEqual([]);
      expect(sent).toBeGreaterThan(1000);
    });
  }
});
