import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postSpec } from "../../domain/resources/system/post/spec";
import type { AppEnv } from "../context";
import { freshApp, type TestApp } from "../test/fresh-app";
import { isMiddleware, openApiPath, openApiRoute, type OpenApiDocument } from "./openapi";

/**
 * The document at /api/openapi.json, read as a client would (no token): every route of the app is
 * in it with the access it declared, and the kit's routes carry their spec's query and body.
 */
let t: TestApp;
let doc: Omit<OpenApiDocument, "paths"> & { paths: Record<string, Record<string, Op>> };
const METHODS = ["get", "post", "put", "delete", "patch"];

beforeAll(async () => {
  t = await freshApp({ oauth: false });
  const res = await t.app.request("/api/openapi.json");
  expect(res.status).toBe(200);
  doc = (await res.json()) as typeof doc;
});
afterAll(() => t.close());

interface Param {
  name: string;
  in: string;
  required?: boolean;
  schema: { items?: { enum?: string[] } };
}
interface Op {
  operationId: string;
  "x-access": { kind: string };
  security: unknown[];
  parameters?: Param[];
  requestBody?: { content: Record<string, { schema: { anyOf?: unknown[]; properties: Record<string, { maxLength?: number }> } }> };
  responses: Record<string, unknown>;
}
const op = (method: string, path: string): Op | undefined => doc.paths[path]?.[method];

describe("GET /api/openapi.json", () => {
  it("lists every route of the app's route table (middleware aside)", () => {
    const routes = [...new Set(t.app.routes.filter((r) => !isMiddleware(r)).map((r) => `${r.method} ${openApiPath(r.path)}`))];
    expect(routes.length).toBeGreaterThan(300);
    const missing = routes.filter((key) => {
      const [method, path] = key.split(" ");
      return !op(method.toLowerCase(), path);
    });
    expect(missing).toEqual([]);
    expect(op("get", "/api/openapi.json")?.["x-access"]).toEqual({ kind: "public" });
    // Path parameters in OpenAPI's form, declared.
    const file = op("get", "/api/blade-resource/oss/endpoint/file/{id}");
    expect(file?.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: "id", in: "path", required: true })]));
  });

  it("is a structurally valid OpenAPI 3.1 document: every operation has an id, its access and responses", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path).toMatch(/^\/api\/[^:]*$/);
      for (const [method, o] of Object.entries(item)) {
        expect(METHODS).toContain(method);
        expect(Object.keys(o.responses).length, `${method} ${path}`).toBeGreaterThan(0);
        expect(o["x-access"].kind, `${method} ${path}`).not.toBe("undeclared");
        expect(ids.has(o.operationId), o.operationId).toBe(false);
        ids.add(o.operationId);
        // Every `{name}` of the path is a declared path parameter.
        for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
          expect(o.parameters?.some((p) => p.in === "path" && p.name === name)).toBe(true);
        }
      }
    }
    // Every $ref points at something that is there.
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/(\w+)\/(\w+)"/g)];
    expect(refs.length).toBeGreaterThan(0);
    for (const [, kind, name] of refs) expect(doc.components[kind]?.[name], `${kind}/${name}`).toBeDefined();
  });

  it("says who may call a route: the submit of posts needs post_add or post_edit, the health check nobody", () => {
    const submit = op("post", "/api/blade-system/post/submit")!;
    expect(submit["x-access"]).toEqual({ kind: "anyPermission", codes: ["post_add", "post_edit"] });
    expect(submit.security).toEqual([{ bladeAuth: [] }]);
    expect(Object.keys(submit.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "403", "413"]));
    expect(op("post", "/api/blade-system/post/remove")!["x-access"]).toEqual({ kind: "permission", codes: ["post_delete"] });
    const health = op("get", "/api/health")!;
    expect(health["x-access"]).toEqual({ kind: "public" });
    expect(health.security).toEqual([]);
    expect(Object.keys(health.responses)).not.toContain("401");
    expect(op("get", "/api/blade-user/info")!["x-access"]).toEqual({ kind: "signed-in", guests: false });
  });

  it("documents the envelope, and the token endpoint's OAuth2 errors apart", () => {
    const page = op("get", "/api/blade-system/post/page")!;
    expect(JSON.stringify(page.responses["200"])).toContain("#/components/schemas/Page");
    expect(page.responses["403"]).toEqual({ $ref: "#/components/responses/Forbidden" });
    expect(doc.components.schemas.R).toMatchObject({ required: ["code", "success", "data", "msg"] });
    const token = op("post", "/api/blade-auth/oauth/token")!;
    expect(token.security).toEqual([{ client: [] }]);
    expect(JSON.stringify(token.responses["400"])).toContain("OAuthError");
  });

  it("marks the routes that spend a rate limit (429) and those that answer a file instead of the envelope", () => {
    for (const [method, path] of [
      ["post", "/api/blade-auth/oauth/token"],
      ["get", "/api/blade-auth/oauth/smsCode"],
      ["post", "/api/blade-user/find-password"],
      ["post", "/api/blade-system/sysConfig/updateExpiredPassword"],
    ]) {
      expect(Object.keys(op(method, path)?.responses ?? {}), path).toContain("429");
    }
    expect(Object.keys(op("get", "/api/blade-system/post/page")!.responses)).not.toContain("429");
    expect(op("get", "/api/blade-user/export-user")!.responses["200"]).toMatchObject({
      content: { "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {} },
    });
    expect(op("get", "/api/blade-log/loginLog/download")!.responses["200"]).toMatchObject({ content: { "text/csv": {} } });
    const file = op("get", "/api/blade-resource/oss/endpoint/file/{id}")!;
    expect(Object.keys(file.responses)).toContain("404");
    expect(JSON.stringify(file.responses["200"])).not.toContain("schemas/R");
  });

  it("carries the spec's body rules on the kit's submit: maxLength, required on create, enums", () => {
    const body = op("post", "/api/blade-system/post/submit")!.requestBody!.content["application/json"].schema;
    const required = Object.entries(postSpec.fields).filter(([, f]) => f.required && f.form !== false).map(([name]) => name);
    expect(required.length).toBeGreaterThan(0);
    expect(body.anyOf).toContainEqual({ title: "新增", required });
    expect(body.properties.id).toBeDefined();
    for (const [name, f] of Object.entries(postSpec.fields)) {
      if (f.form === false) expect(body.properties[name]).toBeUndefined();
      else if (f.kind === "text" && f.max !== undefined) expect(body.properties[name]?.maxLength).toBe(f.max);
    }
  });

  it("lists the spec's paging, sort allow-list and search keys as the page's query", () => {
    const params = op("get", "/api/blade-system/post/page")!.parameters!;
    const names = params.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(["current", "size", "ascs", "descs", "createTime_dategt", "createTime_datelt"]));
    const searched = Object.entries(postSpec.fields).filter(([, f]) => f.search);
    expect(searched.length).toBeGreaterThan(0);
    for (const [name, f] of searched) expect(names).toContain(f.search === "like" ? name : `${name}_${f.search}`);
    expect(params.find((p) => p.name === "ascs")?.schema.items?.enum).toContain("createTime");
    // A field the spec neither searches nor filters is no query key.
    const unfiltered = Object.entries(postSpec.fields).find(([, f]) => !f.search && !f.filter);
    if (unfiltered) expect(names).not.toContain(unfiltered[0]);
  });

  it("holds no secret: no default password, no key", () => {
    const text = JSON.stringify(doc);
    expect(text).not.toContain(t.adminPassword);
    expect(text).not.toMatch(/saber_secret|BEGIN [A-Z ]*KEY/);
  });

  it("is built once per app, on the first call", async () => {
    let built = 0;
    const route = openApiRoute(() => (built++, t.app), ["/"]);
    const served = new Hono<AppEnv>().get("/openapi.json", route.handler);
    const first = await (await served.request("/openapi.json")).json();
    const second = await (await served.request("/openapi.json")).json();
    expect(built).toBe(1);
    expect(second).toEqual(first);
  });
});
