import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { operationLog, taskResult, taskResultItem, user } from "../../db/schema";
import { freshApp, type TestApp } from "../../test/fresh-app";

/**
 * A SCIM client written from RFC 7644 against the tenant's service: what an identity provider
 * (Okta, Entra ID) sends, and what it must get back — resources, list responses, and §3.12 error
 * bodies with a 4xx, never a 5xx or the Blade envelope.
 */

const USER = "urn:ietf:params:scim:schemas:core:2.0:User";
const GROUP = "urn:ietf:params:scim:schemas:core:2.0:Group";
const PATCH = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const ERROR = "urn:ietf:params:scim:api:messages:2.0:Error";
const LIST = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
const TENANT = "700001";
const OTHER = "700002";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- SCIM resources of many shapes, read field by field; the assertions check them
type Json = Record<string, any>;
interface Answer {
  status: number;
  type: string;
  body: Json;
  headers: Headers;
}

let t: TestApp;
let token: string;
let otherToken: string;
let bossToken: string;

/** RFC 7644 over HTTP: bearer token, application/scim+json both ways. */
function client(bearer: string | undefined) {
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    const res = await t.app.request(`/api/scim/v2${path}`, {
      method,
      headers: { ...(bearer && { Authorization: `Bearer ${bearer}` }), ...(body !== undefined && { "Content-Type": "application/scim+json" }), ...headers },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, type: res.headers.get("content-type") ?? "", body: text ? (JSON.parse(text) as Json) : {}, headers: res.headers };
  };
}

async function adminOf(tenantId: string): Promise<string> {
  await t.createTenant(tenantId);
  await t.createUser({ account: `boss${tenantId}`, password: "Passw0rd!x", tenantId, roleAliases: ["admin"] });
  return (await t.login(`boss${tenantId}`, "Passw0rd!x", { tenantId })).access_token;
}

async function issue(blade: string, name: string): Promise<Json> {
  const res = await t.request("/api/authentication/scimToken/issue", { token: blade, json: { name } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Json }).data;
}

const scimError = (a: Answer, status: number, scimType?: string) => {
  expect(a.status).toBe(status);
  expect(a.type).toContain("application/scim+json");
  expect(a.body.schemas).toEqual([ERROR]);
  expect(a.body.status).toBe(String(status));
  if (scimType) expect(a.body.scimType).toBe(scimType);
  expect(typeof a.body.detail).toBe("string");
};

beforeAll(async () => {
  t = await freshApp();
  bossToken = await adminOf(TENANT);
  const otherBoss = await adminOf(OTHER);
  token = (await issue(bossToken, "Okta")).token as string;
  otherToken = (await issue(otherBoss, "Entra")).token as string;
});
afterAll(() => t.close());

describe("SCIM tokens", () => {
  it("answers the token once at issue; the list shows its prefix, never the token or its hash", async () => {
    const issued = await issue(bossToken, "Staging IdP");
    expect(issued.token).toMatch(/^scim_[A-Za-z0-9_-]{43}\./);
    expect(issued.token.startsWith(issued.prefix)).toBe(true);
    const res = await t.request("/api/authentication/scimToken/list", { token: bossToken });
    const list = ((await res.json()) as { data: Json[] }).data;
    const row = list.find((r) => r.id === issued.id)!;
    expect(row).toMatchObject({ name: "Staging IdP", prefix: issued.prefix, createUserName: `boss${TENANT}`, lastUsedTime: "" });
    const text = JSON.stringify(list);
    expect(text).not.toContain(issued.token);
    expect(text).not.toMatch(/[0-9a-f]{64}/);
  });

  it("refuses a nameless token in Chinese", async () => {
    const res = await t.request("/api/authentication/scimToken/issue", { token: bossToken, json: { name: " " } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { msg: string }).msg).toBe("请输入令牌名称");
  });

  it("401 without a token, with a made-up one, and with a revoked one", async () => {
    scimError(await client(undefined)("GET", "/Users"), 401);
    scimError(await client(`scim_${"A".repeat(43)}.${Buffer.from(TENANT).toString("base64url")}`)("GET", "/Users"), 401);
    const doomed = await issue(bossToken, "Doomed");
    expect((await client(doomed.token)("GET", "/Users")).status).toBe(200);
    const revoke = await t.request("/api/authentication/scimToken/revoke", { token: bossToken, method: "POST", body: `ids=${doomed.id}`, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(revoke.status).toBe(200);
    scimError(await client(doomed.token)("GET", "/Users"), 401);
    // Revoked tokens leave the list; a used one says when it was last used.
    const list = ((await (await t.request("/api/authentication/scimToken/list", { token: bossToken })).json()) as { data: Json[] }).data;
    expect(list.find((r) => r.id === doomed.id)).toBeUndefined();
    expect(list.find((r) => r.name === "Doomed")).toBeUndefined();
    await client(token)("GET", "/ServiceProviderConfig");
    const after = ((await (await t.request("/api/authentication/scimToken/list", { token: bossToken })).json()) as { data: Json[] }).data;
    expect(after.find((r) => r.name === "Okta")?.lastUsedTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

describe("SCIM discovery", () => {
  it("describes itself: PATCH and filter supported, bearer tokens, groups as departments", async () => {
    const scim = client(token);
    const config = await scim("GET", "/ServiceProviderConfig");
    expect(config.status).toBe(200);
    expect(config.type).toContain("application/scim+json");
    expect(config.body).toMatchObject({ patch: { supported: true }, filter: { supported: true }, bulk: { supported: false } });
    expect(config.body.authenticationSchemes[0].type).toBe("oauthbearertoken");
    const schemas = await scim("GET", "/Schemas");
    expect(schemas.body.schemas).toEqual([LIST]);
    const group = schemas.body.Resources.find((s: Json) => s.id === GROUP);
    expect(group.description).toMatch(/department/);
    expect((await scim("GET", `/Schemas/${USER}`)).body.name).toBe("User");
    const types = await scim("GET", "/ResourceTypes");
    expect(types.body.Resources.map((r: Json) => r.endpoint)).toEqual(["/Users", "/Groups"]);
    scimError(await scim("GET", "/ResourceTypes/Printer"), 404);
  });
});

describe("SCIM Users", () => {
  const scim = () => client(token);
  let ada: Json;

  it("creates a user: 201, Location, the attributes as sent, and a task result with one item", async () => {
    const res = await scim()("POST", "/Users", {
      schemas: [USER],
      externalId: "okta-00u1",
      userName: "ada",
      name: { givenName: "Ada", familyName: "Lovelace" },
      displayName: "Ada L",
      emails: [{ value: "home@example.com", type: "home" }, { value: "ada@example.com", type: "work", primary: true }],
      phoneNumbers: [{ value: "13800000001", type: "mobile" }],
      active: true,
      locale: "en-GB",
    });
    expect(res.status).toBe(201);
    ada = res.body;
    expect(res.headers.get("location")).toBe(ada.meta.location);
    expect(ada).toMatchObject({
      schemas: [USER],
      externalId: "okta-00u1",
      userName: "ada",
      name: { formatted: "Ada Lovelace" },
      displayName: "Ada L",
      emails: [{ value: "ada@example.com", primary: true }],
      phoneNumbers: [{ value: "13800000001" }],
      active: true,
      meta: { resourceType: "User" },
    });
    expect(ada.meta.location).toMatch(new RegExp(`/api/scim/v2/Users/${ada.id}$`));
    expect(ada.meta.created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect((await scim()("GET", `/Users/${ada.id}`)).body).toEqual(ada);
    // The account exists in the tenant, with no password that signs in.
    const [row] = await t.db.select().from(user).where(eq(user.id, ada.id));
    expect(row).toMatchObject({ tenantId: TENANT, account: "ada", realName: "Ada Lovelace", email: "ada@example.com", status: 1 });
    const tasks = await t.db.select().from(taskResult).where(and(eq(taskResult.tenantId, TENANT), eq(taskResult.trigger, "scim")));
    const task = tasks.find((r) => r.message === "POST /Users")!;
    expect(task).toMatchObject({ synchronizerId: "0", synchronizerName: "SCIM", taskStatus: 1, created: 1 });
    const items = await t.db.select().from(taskResultItem).where(eq(taskResultItem.taskId, task.id));
    expect(items).toMatchObject([{ objectType: "user", externalId: "okta-00u1", localId: ada.id, action: "create" }]);
    // In the operation log as SCIM, with before/after.
    const logs = await t.db.select().from(operationLog).where(and(eq(operationLog.tenantId, TENANT), eq(operationLog.account, "SCIM:Okta")));
    expect(logs.some((l) => l.action === "insert" && l.recordIds === ada.id && l.summary.includes("Ada Lovelace"))).toBe(true);
  });

  it("409 uniqueness for a userName taken in any case", async () => {
    scimError(await scim()("POST", "/Users", { schemas: [USER], userName: "ADA" }), 409, "uniqueness");
  });

  it("filters by userName (any case), externalId and meta.lastModified, and pages", async () => {
    for (const n of ["bob", "cy", "dee"]) expect((await scim()("POST", "/Users", { schemas: [USER], userName: n })).status).toBe(201);
    const byName = await scim()("GET", `/Users?filter=${encodeURIComponent('userName eq "Ada"')}`);
    expect(byName.body).toMatchObject({ schemas: [LIST], totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    expect(byName.body.Resources[0].id).toBe(ada.id);
    const byExternal = await scim()("GET", `/Users?filter=${encodeURIComponent('externalId eq "okta-00u1"')}`);
    expect(byExternal.body.Resources.map((r: Json) => r.id)).toEqual([ada.id]);
    expect((await scim()("GET", `/Users?filter=${encodeURIComponent('externalId eq "nobody"')}`)).body.totalResults).toBe(0);
    const combo = await scim()("GET", `/Users?filter=${encodeURIComponent('userName eq "bob" or userName eq "cy" and active eq true')}`);
    expect(combo.body.Resources.map((r: Json) => r.userName).sort()).toEqual(["bob", "cy"]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await scim()("GET", `/Users?filter=${encodeURIComponent(`meta.lastModified gt "${future}"`)}`)).body.totalResults).toBe(0);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const recent = await scim()("GET", `/Users?filter=${encodeURIComponent(`meta.lastModified gt "${past}"`)}`);
    expect(recent.body.Resources.map((r: Json) => r.userName)).toEqual(expect.arrayContaining(["ada", "bob", "cy", "dee"]));
    // Paging: the whole list, then two at a time from the second.
    const all = await scim()("GET", "/Users");
    const total = all.body.totalResults as number;
    expect(total).toBeGreaterThanOrEqual(5);
    const page = await scim()("GET", "/Users?startIndex=2&count=2");
    expect(page.body).toMatchObject({ totalResults: total, startIndex: 2, itemsPerPage: 2 });
    expect(page.body.Resources.map((r: Json) => r.id)).toEqual(all.body.Resources.slice(1, 3).map((r: Json) => r.id));
  });

  it("PUT replaces the user", async () => {
    const res = await scim()("PUT", `/Users/${ada.id}`, { schemas: [USER], externalId: "okta-00u1", userName: "ada.l", name: { formatted: "Augusta Ada King" }, emails: [{ value: "countess@example.com", primary: true }], active: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ada.id, userName: "ada.l", name: { formatted: "Augusta Ada King" }, emails: [{ value: "countess@example.com" }], phoneNumbers: [] });
    expect(res.body.displayName).toBeUndefined();
  });

  it("PATCH add, replace and remove, with every path form", async () => {
    const patch = (Operations: Json[]) => scim()("PATCH", `/Users/${ada.id}`, { schemas: [PATCH], Operations });
    let res = await patch([{ op: "add", path: "phoneNumbers", value: [{ value: "13900000002", type: "work" }] }]);
    expect(res.status).toBe(200);
    expect(res.body.phoneNumbers).toMatchObject([{ value: "13900000002" }]);
    res = await patch([{ op: "replace", path: 'emails[type eq "work"].value', value: "ada@lovelace.example" }]);
    expect(res.body.emails).toMatchObject([{ value: "ada@lovelace.example" }]);
    res = await patch([{ op: "Replace", path: "name.givenName", value: "Ada" }, { op: "replace", path: "name.familyName", value: "King" }]);
    expect(res.body.name.formatted).toBe("Ada King");
    res = await patch([{ op: "replace", value: { displayName: "Countess" } }]);
    expect(res.body.displayName).toBe("Countess");
    res = await patch([{ op: "remove", path: "displayName" }]);
    expect(res.status).toBe(200);
    expect(res.body.displayName).toBeUndefined();
    const [row] = await t.db.select().from(user).where(eq(user.id, ada.id));
    expect(row).toMatchObject({ name: "", realName: "Ada King", email: "ada@lovelace.example", phone: "13900000002" });
  });

  it("PATCH active false disables the account: its owner can no longer sign in", async () => {
    const { id } = await t.createUser({ account: "grace", password: "Passw0rd!g", tenantId: TENANT, roleAliases: ["user"] });
    await t.login("grace", "Passw0rd!g", { tenantId: TENANT });
    const res = await scim()("PATCH", `/Users/${id}`, { schemas: [PATCH], Operations: [{ op: "replace", value: { active: false } }] });
    expect(res.status).toBe(200);
    expect(res.body.active).toBe(false);
    await expect(t.login("grace", "Passw0rd!g", { tenantId: TENANT })).rejects.toThrow(/禁用/);
    // Entra ID's spelling: path active, the value a string.
    const back = await scim()("PATCH", `/Users/${id}`, { schemas: [PATCH], Operations: [{ op: "Replace", path: "active", value: "True" }] });
    expect(back.body.active).toBe(true);
    await t.login("grace", "Passw0rd!g", { tenantId: TENANT });
  });

  it("DELETE removes the user: 204, then 404", async () => {
    const dee = (await scim()("GET", `/Users?filter=${encodeURIComponent('userName eq "dee"')}`)).body.Resources[0];
    const res = await scim()("DELETE", `/Users/${dee.id}`);
    expect(res.status).toBe(204);
    scimError(await scim()("GET", `/Users/${dee.id}`), 404);
    scimError(await scim()("DELETE", `/Users/${dee.id}`), 404);
  });

  it("another tenant's token never sees this tenant's users", async () => {
    const other = client(otherToken);
    const list = await other("GET", "/Users");
    expect(list.body.Resources.map((r: Json) => r.userName)).not.toContain("ada.l");
    scimError(await other("GET", `/Users/${ada.id}`), 404);
    scimError(await other("PATCH", `/Users/${ada.id}`, { schemas: [PATCH], Operations: [{ op: "replace", value: { active: false } }] }), 404);
    expect((await other("GET", `/Users?filter=${encodeURIComponent('externalId eq "okta-00u1"')}`)).body.totalResults).toBe(0);
  });
});

describe("SCIM Groups (departments)", () => {
  const scim = () => client(token);
  it("creates a group with members, adds and removes members, and deletes it", async () => {
    const users = (await scim()("GET", `/Users?filter=${encodeURIComponent('userName eq "bob" or userName eq "cy"')}`)).body.Resources as Json[];
    const [bob, cy] = ["bob", "cy"].map((n) => users.find((u) => u.userName === n)!);
    const created = await scim()("POST", "/Groups", { schemas: [GROUP], displayName: "Engineering", externalId: "grp-eng", members: [{ value: bob.id }] });
    expect(created.status).toBe(201);
    const group = created.body;
    expect(group).toMatchObject({ schemas: [GROUP], displayName: "Engineering", externalId: "grp-eng", members: [{ value: bob.id }] });
    expect((await scim()("GET", `/Users/${bob.id}`)).body.groups).toMatchObject([{ value: group.id, display: "Engineering" }]);
    scimError(await scim()("POST", "/Groups", { schemas: [GROUP], displayName: "Engineering" }), 409, "uniqueness");

    const patch = (Operations: Json[]) => scim()("PATCH", `/Groups/${group.id}`, { schemas: [PATCH], Operations });
    let res = await patch([{ op: "add", path: "members", value: [{ value: cy.id }] }]);
    expect(res.body.members.map((m: Json) => m.value).sort()).toEqual([bob.id, cy.id].sort());
    res = await patch([{ op: "remove", path: `members[value eq "${bob.id}"]` }, { op: "replace", path: "displayName", value: "R&D" }]);
    expect(res.body).toMatchObject({ displayName: "R&D", members: [{ value: cy.id }] });
    expect((await scim()("GET", `/Users/${bob.id}`)).body.groups).toEqual([]);
    const byMember = await scim()("GET", `/Groups?filter=${encodeURIComponent(`members[value eq "${cy.id}"]`)}&excludedAttributes=members`);
    expect(byMember.body.Resources).toMatchObject([{ id: group.id, displayName: "R&D" }]);
    expect(byMember.body.Resources[0].members).toBeUndefined();

    expect((await scim()("DELETE", `/Groups/${group.id}`)).status).toBe(204);
    scimError(await scim()("GET", `/Groups/${group.id}`), 404);
    expect((await scim()("GET", `/Users/${cy.id}`)).body.groups).toEqual([]);
    scimError(await client(otherToken)("GET", `/Groups/${group.id}`), 404);
  });
});

describe("SCIM errors", () => {
  const scim = () => client(token);
  it("malformed bodies, filters and paths answer the RFC 7644 error body with a 4xx", async () => {
    scimError(await scim()("POST", "/Users", "{not json"), 400, "invalidSyntax");
    scimError(await scim()("POST", "/Users", "[1,2]"), 400, "invalidSyntax");
    scimError(await scim()("POST", "/Users", { schemas: [USER] }), 400, "invalidValue");
    scimError(await scim()("POST", "/Users", { userName: "noschema" }), 400, "invalidSyntax");
    scimError(await scim()("POST", "/Users", { schemas: [USER], userName: "x1", favouriteColour: "blue" }), 400, "invalidSyntax");
    scimError(await scim()("POST", "/Users", { schemas: [USER], userName: "x2", active: "maybe" }), 400, "invalidValue");
    scimError(await scim()("POST", "/Users", { schemas: [USER], userName: "x3" }, { "Content-Type": "text/plain" }), 400, "invalidSyntax");
    scimError(await scim()("POST", "/Users", { schemas: [USER], userName: "x".repeat(60) }), 400);
    for (const filter of ['userName eq', 'userName xx "a"', 'password eq "x"', '(userName eq "a"', 'userName eq "a" junk', 'meta.lastModified gt "yesterday"', 'userName eq "unterminated']) {
      scimError(await scim()("GET", `/Users?filter=${encodeURIComponent(filter)}`), 400, "invalidFilter");
    }
    scimError(await scim()("GET", "/Users?count=abc"), 400, "invalidValue");
    const bob = (await scim()("GET", `/Users?filter=${encodeURIComponent('userName eq "bob"')}`)).body.Resources[0];
    const patch = (body: unknown) => scim()("PATCH", `/Users/${bob.id}`, body);
    scimError(await patch({ Operations: [{ op: "replace", value: { active: false } }] }), 400, "invalidSyntax");
    scimError(await patch({ schemas: [PATCH], Operations: [{ op: "explode", path: "active" }] }), 400, "invalidSyntax");
    scimError(await patch({ schemas: [PATCH], Operations: [{ op: "remove" }] }), 400, "noTarget");
    scimError(await patch({ schemas: [PATCH], Operations: [{ op: "replace", path: "shoeSize", value: 9 }] }), 400, "invalidPath");
    scimError(await patch({ schemas: [PATCH], Operations: [{ op: "replace", path: 'emails[type eq "fax"].value', value: "x@example.com" }] }), 400, "noTarget");
    scimError(await patch({ schemas: [PATCH], Operations: [{ op: "replace", path: "id", value: "1" }] }), 400, "mutability");
    scimError(await scim()("GET", "/Users/12345"), 404);
    scimError(await scim()("GET", "/Users/not-an-id"), 404);
    scimError(await scim()("POST", "/Groups", { schemas: [GROUP], displayName: "G", members: [{ value: "123" }] }), 400, "invalidValue");
    // Nothing above left a user behind.
    expect((await scim()("GET", `/Users?filter=${encodeURIComponent('userName sw "x"')}`)).body.totalResults).toBe(0);
  });
});
