/**
 * The conformance battery of a resource built on the kit, from one call in its module's test:
 * success (create, list, detail, update, remove), each field rule refused with its message,
 * 401 without a token, 403 without the permission, another tenant's id refused with nothing
 * changed, unknown filter and sort refused, and malformed input (conformance-malformed.ts)
 * refused with a 400 envelope, nothing changed, never a 5xx.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationLog } from "../db/schema";
import {
  checkRules,
  fieldRules,
  sortableFields,
  toColumnName,
  writableFields,
  type FieldSpec,
  type ResourceSpec,
} from "../../domain/validation";
import { describeMalformedInput } from "./conformance-malformed";
import { freshApp, type TestApp } from "./fresh-app";

export interface ConformanceOptions {
  spec: ResourceSpec;
  /**
   * A valid create body; `n` makes unique fields unique. `tenantId` is the tenant of the account
   * that sends it, for bodies naming rows of that tenant (an app role's application).
   */
  valid: (n: number, tenantId: string) => Record<string, unknown>;
  /** Rows the bodies refer to, created once both tenants exist (e.g. an application per tenant). */
  prepare?: (api: TestApp, tokens: TenantTokens) => Promise<void>;
  /** A field and a new valid value to prove an update. */
  change: { field: string; value: unknown };
  /** Platform-wide table (no tenant): only the platform administrator writes it. */
  platform?: boolean;
  /** The list endpoint (default `list`) answers a page. */
  listPath?: string;
  /** Where a change is sent (default `submit`; BladeX users: `update`, their submit only creates). */
  updatePath?: string;
  /**
   * The resource's own field validator, shared by its form and its route, where §5 gives a field
   * words of its own (users: 请输入账号, 账号长度在2到45个字符). The battery then expects its
   * messages instead of the kit's generic ones; by default, the spec's rules.
   */
  validate?: (body: Record<string, unknown>) => { field: string; message: string }[];
}

interface Envelope {
  code: number;
  success: boolean;
  msg: string;
  data: unknown;
}

/** A value that breaks exactly one rule of a field, with the message the spec gives for it. */
export function violations(f: FieldSpec): { why: string; value: unknown; message: string }[] {
  const out: { why: string; value: unknown; message: string }[] = [];
  const rules = fieldRules(f);
  const expect = (why: string, value: unknown) => {
    const message = checkRules(value, rules);
    if (message) out.push({ why, value, message });
  };
  if (f.kind === "text") {
    expect("a number instead of text", 12345);
    if (f.max !== undefined && !["phone", "email", "url"].includes(f.format ?? "")) expect(`longer than ${f.max}`, "a".repeat(f.max + 1));
    if (f.format) expect(`not of format ${f.format}`, "<b>'x'</b>");
  }
  if (f.kind === "int") {
    expect("not a number", "abc");
    expect("a fraction", 1.5);
    if (f.maxValue !== undefined) expect("above the maximum", f.maxValue + 1);
  }
  if (f.kind === "id") expect("not an id", "1 or 1=1");
  if (f.oneOf) expect("outside its values", 987654);
  return out;
}

export interface TenantTokens {
  /** The platform administrator (tenant 000000). */
  admin: string;
  /** Administrators of tenants 100001 and 100002: every menu of their tenant, not the platform's. */
  admin100001: string;
  admin100002: string;
  /** Users with role `user` of each tenant: signed in, no management codes. */
  plain100001: string;
  plain100002: string;
}

/** Two tenants beside the platform's, each with an administrator and a plain user, all signed in. */
export async function twoTenants(api: TestApp): Promise<TenantTokens> {
  const tokens = { admin: (await api.loginAdmin()).access_token } as TenantTokens;
  for (const t of ["100001", "100002"] as const) {
    await api.createTenant(t);
    for (const [who, role] of [["admin", "admin"], ["plain", "user"]] as const) {
      await api.createUser({ account: `${who}${t}`, password: "Passw0rd!x", tenantId: t, roleAliases: [role] });
      tokens[`${who}${t}`] = (await api.login(`${who}${t}`, "Passw0rd!x", { tenantId: t })).access_token;
    }
  }
  return tokens;
}

export function describeConformance(options: ConformanceOptions): void {
  const { spec } = options;
  const base = `/api${spec.api}`;
  const list = `${base}/${options.listPath ?? "list"}`;
  const update = `${base}/${options.updatePath ?? "submit"}`;
  /** The message a body with this one bad field is refused with. */
  const expectedMessage = (name: string, body: Record<string, unknown>) =>
    options.validate ? options.validate(body).find((e) => e.field === name)?.message : checkRules(body[name], fieldRules(spec.fields[name]));
  let api: TestApp;
  let admin: string;
  /** Administrator of tenant 100001 (holds every menu of its tenant, is not the platform's). */
  let tenantAdmin: string;
  /** Administrator of tenant 100002. */
  let otherAdmin: string;
  /** A user of tenant 100001 with role `user`: signed in, none of this resource's codes. */
  let plain: string;
  let seq = 0;
  const next = () => ++seq;
  /** A body for an account of `tenantId` (by default the writer's). */
  const valid = (tenantId = options.platform ? "000000" : "100001") => options.valid(next(), tenantId);

  const call = async (path: string, o: Parameters<TestApp["request"]>[1] = {}) => {
    const res = await api.request(path, o);
    const body = (await res.json()) as Envelope;
    return { status: res.status, body };
  };
  const create = async (token: string, body = valid()) => {
    const r = await call(`${base}/submit`, { token, json: body });
    expect(r.body.msg, JSON.stringify(r.body)).toBe("操作成功");
    return (r.body.data as { id: string }).id;
  };
  /** Who may write: the platform administrator for platform tables, a tenant's admin otherwise. */
  const writer = () => (options.platform ? admin : tenantAdmin);

  beforeAll(async () => {
    api = await freshApp({ oauth: false });
    const tokens = await twoTenants(api);
    ({ admin, admin100001: tenantAdmin, admin100002: otherAdmin, plain100001: plain } = tokens);
    await options.prepare?.(api, tokens);
  });
  afterAll(() => api.close());

  describe(`${spec.name}: conformance of ${spec.api}`, () => {
    it("creates, lists, reads, updates and removes a record", async () => {
      const token = writer();
      const id = await create(token);
      const page = await call(list, { token, query: { size: 200 } });
      expect(page.status).toBe(200);
      const records = ((page.body.data as { records?: { id: string }[] }).records ?? (page.body.data as { id: string }[]));
      expect(records.map((r) => r.id)).toContain(id);
      const detail = await call(`${base}/detail`, { token, query: { id } });
      expect((detail.body.data as { id: string }).id).toBe(id);

      const updated = await call(update, { token, json: { id, [options.change.field]: options.change.value } });
      expect(updated.body.msg).toBe("操作成功");
      const after = await call(`${base}/detail`, { token, query: { id } });
      expect((after.body.data as Record<string, unknown>)[options.change.field]).toEqual(options.change.value);

      expect((await call(`${base}/remove`, { method: "POST", token, query: { ids: id } })).body.success).toBe(true);
      const gone = await call(`${base}/detail`, { token, query: { id } });
      expect(gone.status).toBe(400);
    });

    it("records one create as exactly one operation-log row (新增), not a 新增 and a 修改", async () => {
      const id = await create(writer());
      const rows = await api.db.select().from(operationLog).where(eq(operationLog.recordIds, id));
      expect(rows.map((r) => `${r.title} ${r.action}`)).toEqual([expect.stringMatching(/ insert$/)]);
    });

    it("sorts by database column names, as BladeX binds ascs/descs", async () => {
      // create_time, unless the table has no audit columns (dictionaries).
      const column = toColumnName(Object.keys(sortableFields(spec))[0]);
      const r = await call(list, { token: writer(), query: { descs: column, ascs: "id" } });
      expect(r.status).toBe(400); // id is not sortable unless the spec says so
      const ok = await call(list, { token: writer(), query: { descs: column } });
      expect(ok.status).toBe(200);
    });

    it("refuses an unknown filter and an unknown sort field", async () => {
      const filter = await call(list, { token: writer(), query: { password_equal: "x" } });
      expect(filter.status).toBe(400);
      expect(filter.body.msg).toContain("不支持的查询字段");
      const sort = await call(list, { token: writer(), query: { descs: "password" } });
      expect(sort.status).toBe(400);
      expect(sort.body.msg).toContain("不支持的排序字段");
    });

    const required = writableFields(spec).filter(([, f]) => f.required);
    it.each(required.length ? required.map(([n]) => n) : ["(none)"])("refuses a create without %s with its message", async (name) => {
      if (name === "(none)") return;
      const body = valid();
      delete body[name];
      const r = await call(`${base}/submit`, { token: writer(), json: body });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(expectedMessage(name, body));
      expect(r.body.data).toContainEqual({ field: name, message: r.body.msg });
    });

    const cases = writableFields(spec).flatMap(([name, f]) => violations(f).map((v) => ({ name, ...v })));
    it.each(cases.map((c) => [c.name, c.why, c] as const))("refuses %s %s with its message", async (_n, _w, c) => {
      const body = { ...valid(), [c.name]: c.value };
      const message = expectedMessage(c.name, body);
      expect(message, "the validator lets this value through").toBeTruthy();
      const r = await call(`${base}/submit`, { token: writer(), json: body });
      expect(r.status).toBe(400);
      expect(r.body.data).toContainEqual({ field: c.name, message });
    });

    it("answers 401 without a token, on every route", async () => {
      for (const [path, json] of [[list], [`${base}/detail?id=1`], [`${base}/submit`, {}], [`${base}/remove?ids=1`]] as const) {
        const r = await api.request(path, { json, method: json ? "POST" : path.includes("remove") ? "POST" : "GET" });
        expect(r.status, path).toBe(401);
      }
    });

    it("answers 403 to a signed-in user without the permission, and writes nothing", async () => {
      expect((await call(list, { token: plain })).status).toBe(403);
      expect((await call(`${base}/submit`, { token: plain, json: valid() })).status).toBe(403);
      const id = await create(writer());
      expect((await call(`${base}/remove`, { method: "POST", token: plain, query: { ids: id } })).status).toBe(403);
      expect((await call(`${base}/detail`, { token: writer(), query: { id } })).status).toBe(200);
    });

    if (options.platform) {
      it("lets only the platform administrator write platform-wide rows", async () => {
        const r = await call(`${base}/submit`, { token: tenantAdmin, json: valid() });
        expect(r.status).toBe(403);
        const id = await create(admin);
        const del = await call(`${base}/remove`, { method: "POST", token: tenantAdmin, query: { ids: id } });
        expect(del.status).toBe(403);
        expect((await call(`${base}/detail`, { token: admin, query: { id } })).status).toBe(200);
      });
    } else {
      it("refuses another tenant's id like a missing one, and changes nothing", async () => {
        const body = valid("100002");
        const id = await create(otherAdmin, body);
        const before = (await call(`${base}/detail`, { token: otherAdmin, query: { id } })).body.data;
        const detail = await call(`${base}/detail`, { token: tenantAdmin, query: { id } });
        const missing = await call(`${base}/detail`, { token: tenantAdmin, query: { id: "1234567890123" } });
        expect(detail.status).toBe(400);
        expect(detail.body.msg).toBe(missing.body.msg);
        const changed = await call(update, { token: tenantAdmin, json: { id, [options.change.field]: options.change.value } });
        expect(changed.status).toBe(400);
        const remove = await call(`${base}/remove`, { method: "POST", token: tenantAdmin, query: { ids: id } });
        expect(remove.status).toBe(400);
        const listed = await call(list, { token: tenantAdmin, query: { size: 200 } });
        const rows = ((listed.body.data as { records?: { id: string }[] }).records ?? (listed.body.data as { id: string }[]));
        expect(rows.map((r) => r.id)).not.toContain(id);
        expect((await call(`${base}/detail`, { token: otherAdmin, query: { id } })).body.data).toEqual(before);
      });
    }

    describeMalformedInput({ spec, base, list, update, valid: (n) => options.valid(n, options.platform ? "000000" : "100001"), api: () => api, writer, next });

    it("answers malformed input with a 4xx envelope, never a 5xx", async () => {
      const token = writer();
      const textField = writableFields(spec).find(([, f]) => f.kind === "text")?.[0] ?? "remark";
      let nested: unknown = "x";
      for (let i = 0; i < 2000; i++) nested = { a: nested };
      const attempts: [string, Parameters<TestApp["request"]>[1]][] = [
        [`${base}/submit`, { token, body: "{not json", headers: { "Content-Type": "application/json" } }],
        [`${base}/submit`, { token, json: [valid()] }],
        [`${base}/submit`, { token, json: "a string" }],
        [`${base}/submit`, { token, json: { ...valid(), [textField]: "a\u0000b" } }],
        [`${base}/submit`, { token, json: { ...valid(), [textField]: "x".repeat(2_000_000) } }],
        [`${base}/submit`, { token, json: { ...valid(), [textField]: nested } }],
        [`${base}/submit`, { token, json: { ...valid(), id: "1 or 1=1" } }],
        [`${base}/submit`, { token, json: { ...valid(), id: 123 } }],
        [`${base}/submit`, { token, json: { ...valid(), id: "99999999999999999999" } }],
        [`${base}/submit`, { token, json: { ...valid(), [textField]: "'; drop table blade_user; --" } }],
        [`${base}/remove`, { token, method: "POST", query: { ids: Array.from({ length: 70_000 }, (_, i) => i + 1).join(",") } }],
        [`${base}/remove`, { token, method: "POST", query: { ids: "abc,1' or '1'='1" } }],
        [`${base}/remove`, { token, method: "POST" }],
        [`${base}/detail`, { token, query: { id: "abc" } }],
        [`${base}/detail`, { token, query: { id: "99999999999999999999" } }],
        [list, { token, query: { size: "abc" } }],
        [list, { token, query: { current: "-1" } }],
        [list, { token, query: { size: "99999999999999" } }],
        [list, { token, query: { createTime_dategt: "yesterday" } }],
        [list, { token, query: { createTime_dategt: "2024-01-01 00:00:00\u0000" } }],
        [list, { token, query: { descs: "create_time; drop table blade_user" } }],
        [list, { token, query: { [`${textField}`]: "%'\u0000--" } }],
      ];
      for (const [path, o] of attempts) {
        const res = await api.request(path, o);
        expect(res.status, `${path} ${JSON.stringify(o?.query ?? o?.json ?? o?.body)?.slice(0, 80)}`).toBeLessThan(500);
        if (res.status !== 200) {
          const body = (await res.json()) as Envelope;
          expect(body.success).toBe(false);
          expect(body.msg).toBeTruthy();
        }
      }
    });
  });
}
