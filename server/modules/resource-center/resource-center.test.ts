/** The resource centre against the reference server: who may use what, requests, approvals, expiry and the log. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { appDirectory, appDirectoryApp, appRoleDirectory, operationLog, user } from "../../db/schema";
import { nextId } from "../../db/ids";
import { twoTenants, type TenantTokens } from "../../test/conformance";
import { freshApp, type TestApp } from "../../test/fresh-app";

let api: TestApp;
let tokens: TenantTokens;
let admin: string;
const T = "100001";
const PASSWORD = "Passw0rd!x";
const people: Record<string, { id: string; token: string }> = {};

interface Envelope<D = unknown> {
  code: number;
  msg: string;
  data: D;
}
const call = async <D = unknown>(path: string, token: string | undefined, o: { query?: Record<string, string>; json?: unknown; method?: string } = {}) => {
  const res = await api.request(`/api${path}`, { token, ...o, method: o.method ?? (o.json ? "POST" : "GET") });
  return { status: res.status, body: (await res.json()) as Envelope<D> };
};
const made = async (path: string, token: string, json: Record<string, unknown>) => {
  const r = await call<{ id: string }>(path, token, { json });
  expect(r.body.msg, JSON.stringify(r.body)).toBe("操作成功");
  return r.body.data.id;
};
const newApp = (code: string) => made("/authentication/app/insert", admin, { appName: `应用${code}`, appCode: code, appUrl: `https://${code}.example.com` });
const giveRole = async (appId: string, code: string, userId: string) => {
  const roleId = await made("/authentication/bladeApplicationRole/insert", admin, { appId, roleName: `角色${code}`, roleCode: code });
  await call("/authentication/bladeApplicationRole/addUser", admin, { json: { roleId, userIds: [userId] } });
  return roleId;
};
/** Directories are another helper's screen: their rows are written here as that screen would. */
const directory = async (name: string, parentId = "0", ownerId = "0", status = 1) => {
  const id = nextId();
  await api.db.insert(appDirectory).values({ id, tenantId: T, parentId, directoryName: name, directoryCode: name, ownerId, status });
  return id;
};
const file = (directoryId: string, appId: string) => api.db.insert(appDirectoryApp).values({ id: nextId(), tenantId: T, directoryId, appId });
const mine = async (token: string) => (await call<{ id: string; sources: { type: string; endTime?: string }[] }[]>("/authentication/myApplication/list", token)).body.data;
const visit = (id: string, token: string) => call("/authentication/app/visit", token, { query: { id } });
const submit = (token: string, body: Record<string, unknown>) => call<{ id: string }>("/authentication/resourceApplication/submit", token, { json: body });
const requests = async (token: string) =>
  (await call<{ records: { id: string; appId: string; state: number; step: number; flow: string; endTime: string }[] }>("/authentication/resourceApplication/list", token)).body.data.records;
const pending = async (token: string) =>
  (await call<{ records: { id: string; canApprove?: boolean; approve: boolean; reject: boolean; holdings: { roles: string[]; apps: { appName: string; sources: { type: string }[] }[] } }[] }>(
    "/authentication/approvalManagement/list",
    token,
  )).body;
const opTitles = async () => (await api.db.select().from(operationLog).where(eq(operationLog.tenantId, T))).map((r) => r.title);

beforeAll(async () => {
  api = await freshApp({ oauth: false });
  tokens = await twoTenants(api);
  admin = tokens.admin100001;
  for (const [account, tenantId] of [["ann", T], ["bob", T], ["owner", T], ["eve", "100002"]] as const) {
    const { id } = await api.createUser({ account, password: PASSWORD, tenantId, roleAliases: ["user"] });
    people[account] = { id, token: (await api.login(account, PASSWORD, { tenantId })).access_token };
  }
  const [a] = await api.db.select().from(user).where(eq(user.account, "admin100001"));
  people.admin = { id: a.id, token: admin };
});
afterAll(() => api.close());

describe("who may use what", () => {
  it("lists applications reached through an application role and a started directory, and hides those behind a stopped one", async () => {
    const held = await newApp("held");
    const filed = await newApp("filed");
    const roleId = await giveRole(held, "heldrole", people.ann.id);
    const parent = await directory("办公");
    const child = await directory("协同", parent);
    await file(child, filed);
    await api.db.insert(appRoleDirectory).values({ id: nextId(), tenantId: T, appRoleId: roleId, directoryId: child });

    const apps = await mine(people.ann.token);
    expect(apps.map((a) => a.id)).toEqual(expect.arrayContaining([held, filed]));
    expect(apps.find((a) => a.id === filed)!.sources).toEqual([expect.objectContaining({ type: "directory", name: "办公 / 协同", via: "角色heldrole" })]);
    expect((await visit(filed, people.ann.token)).status).toBe(200);
    // Bob holds nothing: not listed, and the visit is refused with a message.
    expect((await mine(people.bob.token)).map((a) => a.id)).not.toContain(held);
    expect((await visit(held, people.bob.token)).body.msg).toBe("您没有该应用的使用权限，可在「资源申请」中申请");

    // Stopping the parent hides the child's applications at the next request; the role's own app stays.
    await api.db.update(appDirectory).set({ status: 0 }).where(eq(appDirectory.id, parent));
    expect((await mine(people.ann.token)).map((a) => a.id)).toEqual([held]);
    expect((await visit(filed, people.ann.token)).body.msg).toBe("您没有该应用的使用权限，可在「资源申请」中申请");
    const res = await call<{ sourceType: string; appId: string }[]>("/myResources/list", people.ann.token);
    expect(res.body.data).toEqual([expect.objectContaining({ appId: held, sourceType: "role", sourceName: "角色heldrole" })]);
  });

  it("pins and unpins a common application, only one the user may use", async () => {
    const app = await newApp("pin");
    await giveRole(app, "pinrole", people.bob.id);
    const set = (appId: string, common: string) =>
      api.request("/api/authentication/common-application/set", {
        token: people.bob.token,
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `appId=${appId}&common=${common}`,
      });
    expect((await set(app, "1")).status).toBe(200);
    const pinned = await call<{ id: string; common: boolean }[]>("/authentication/common-application/list", people.bob.token);
    expect(pinned.body.data).toEqual([expect.objectContaining({ id: app, common: true })]);
    expect((await mine(people.bob.token)).find((a) => a.id === app)).toMatchObject({ common: true });
    expect((await set(app, "0")).status).toBe(200);
    expect((await call<unknown[]>("/authentication/common-application/list", people.bob.token)).body.data).toEqual([]);
    const stranger = await newApp("nopin");
    expect(((await (await set(stranger, "1")).json()) as Envelope).msg).toBe("您没有该应用的使用权限，可在「资源申请」中申请");
    expect((await set("x", "1")).status).toBe(400);
  });
});

describe("requests and approvals", () => {
  it("refuses a malformed or needless request with a message (never a 5xx), and one pending request per application", async () => {
    const app = await newApp("req1");
    expect((await submit(people.ann.token, { appId: app })).body.msg).toBe("请输入申请理由");
    expect((await submit(people.ann.token, { appId: app, reason: "工作需要", durationDays: 5 })).body.msg).toBe("申请时长只能是7天、30天、90天或永久");
    expect((await submit(people.ann.token, { appId: "abc", reason: "x" })).body.msg).toBe("应用ID格式不正确");
    expect((await submit(people.ann.token, { appId: app, reason: { a: 1 } })).status).toBe(400);
    expect((await submit(people.ann.token, { appId: app, reason: "x".repeat(256) })).status).toBe(400);
    const theirs = await made("/authentication/app/insert", tokens.admin100002, { appName: "别人的", appCode: "theirs", appUrl: "https://t.example.com" });
    expect((await submit(people.ann.token, { appId: theirs, reason: "x" })).body.msg).toBe("应用不存在或已停用");

    expect((await submit(people.ann.token, { appId: app, reason: "工作需要", durationDays: 30 })).status).toBe(200);
    expect((await submit(people.ann.token, { appId: app, reason: "再来" })).body.msg).toBe("该应用已有待审批的申请");
    const [mineNow] = await requests(people.ann.token);
    expect(mineNow).toMatchObject({ appId: app, state: 0, flow: "1" });
    // Only the requester withdraws, and only while pending.
    expect((await call("/authentication/resourceApplication/withdraw", people.bob.token, { json: { id: mineNow.id } })).body.msg).toBe("申请不存在");
    expect((await call("/authentication/resourceApplication/withdraw", people.ann.token, { json: { id: mineNow.id } })).status).toBe(200);
    expect((await requests(people.ann.token))[0]).toMatchObject({ id: mineNow.id, state: 3 });
    expect((await call("/authentication/resourceApplication/withdraw", people.ann.token, { json: { id: mineNow.id } })).body.msg).toBe("只能撤回待审批的申请");
    expect(await opTitles()).toEqual(expect.arrayContaining(["资源申请-申请", "资源申请-撤回"]));
  });

  it("never lets a requester decide their own request, and keeps approvals within the tenant", async () => {
    const app = await newApp("own");
    const { data } = (await submit(admin, { appId: app, reason: "自用" })).body;
    expect((await pending(admin)).data).toMatchObject({ records: expect.not.arrayContaining([expect.objectContaining({ id: data.id })]) });
    expect((await call("/authentication/approvalManagement/approve", admin, { json: { id: data.id } })).body.msg).toBe("不能审批自己的申请");
    expect((await call("/authentication/approvalManagement/approve", tokens.admin100002, { json: { id: data.id } })).body.msg).toBe("申请不存在");
    const others = (await pending(tokens.admin100002)).data as unknown as { records: { id: string }[] };
    expect(others.records.map((r) => r.id)).not.toContain(data.id);
    expect((await call("/authentication/approvalManagement/reject", admin, { json: { id: data.id, comment: "x" } })).body.msg).toBe("不能审批自己的申请");
  });

  it("runs a two-step request: the directory owner first, then an administrator", async () => {
    const app = await newApp("twostep");
    const dir = await directory("财务", "0", people.owner.id);
    await file(dir, app);
    const tree = await call<{ id: string; apps: { id: string; usable: boolean }[] }[]>("/authentication/resourceApplication/directories", people.ann.token);
    expect(tree.body.data.find((d) => d.id === dir)?.apps).toEqual([expect.objectContaining({ id: app, usable: false })]);
    const { data } = (await submit(people.ann.token, { appId: app, reason: "报销", directoryId: dir })).body;
    expect((await requests(people.ann.token)).find((r) => r.id === data.id)).toMatchObject({ flow: "2", step: 1 });

    // Step 1 is the owner's: an administrator may only reject it; the owner sees it and approves.
    expect((await call("/authentication/approvalManagement/approve", admin, { json: { id: data.id } })).status).toBe(403);
    const owners = (await pending(people.owner.token)).data as unknown as { records: { id: string; approve: boolean }[] };
    expect(owners.records).toEqual([expect.objectContaining({ id: data.id, approve: true })]);
    expect((await call("/authentication/approvalManagement/approve", people.owner.token, { json: { id: data.id, comment: "负责人同意" } })).status).toBe(200);
    expect((await mine(people.ann.token)).map((a) => a.id)).not.toContain(app);
    // Step 2 is an administrator's, not the owner's.
    expect((await call("/authentication/approvalManagement/approve", people.owner.token, { json: { id: data.id } })).status).toBe(403);
    expect((await call("/authentication/approvalManagement/approve", admin, { json: { id: data.id } })).status).toBe(200);
    expect((await mine(people.ann.token)).map((a) => a.id)).toContain(app);
  });

  it("shows a directory owner only the first step of requests from the directories they own", async () => {
    const [mineApp, otherApp, plainApp] = [await newApp("ownd1"), await newApp("ownd2"), await newApp("ownd3")];
    const owned = await directory("采购", "0", people.owner.id);
    const foreign = await directory("人事", "0", people.admin.id);
    await file(owned, mineApp);
    await file(foreign, otherApp);
    const toOwner = (await submit(people.bob.token, { appId: mineApp, reason: "采购", directoryId: owned })).body.data.id;
    const toAdmin = (await submit(people.bob.token, { appId: otherApp, reason: "人事", directoryId: foreign })).body.data.id;
    const single = (await submit(people.bob.token, { appId: plainApp, reason: "无目录" })).body.data.id;
    const seen = ((await pending(people.owner.token)).data as unknown as { records: { id: string; approve: boolean; reject: boolean }[] }).records;
    expect(seen.map((r) => r.id)).toContain(toOwner);
    expect(seen.map((r) => r.id)).not.toContain(toAdmin);
    expect(seen.map((r) => r.id)).not.toContain(single);
    expect(seen.find((r) => r.id === toOwner)).toMatchObject({ approve: true, reject: true });
    // Nor may the owner decide them through the API.
    expect((await call("/authentication/approvalManagement/approve", people.owner.token, { json: { id: single } })).status).toBe(403);
    expect((await call("/authentication/approvalManagement/reject", people.owner.token, { json: { id: toAdmin, comment: "不行" } })).status).toBe(403);
  });

  it("approves several requests with one comment, or none when one of them may not be decided", async () => {
    const [a1, a2] = [await newApp("bulk1"), await newApp("bulk2")];
    const r1 = (await submit(people.bob.token, { appId: a1, reason: "批量" })).body.data.id;
    const r2 = (await submit(people.bob.token, { appId: a2, reason: "批量" })).body.data.id;
    const own = (await submit(admin, { appId: a1, reason: "自己" })).body.data.id;
    const refused = await call("/authentication/approvalManagement/batchApprove", admin, { json: { ids: [r1, r2, own], comment: "一起通过" } });
    expect(refused.body.msg).toBe("不能审批自己的申请");
    expect((await mine(people.bob.token)).map((a) => a.id)).not.toContain(a1);
    expect((await call("/authentication/approvalManagement/batchApprove", admin, { json: { ids: [r1, r2], comment: "一起通过" } })).status).toBe(200);
    expect((await mine(people.bob.token)).map((a) => a.id)).toEqual(expect.arrayContaining([a1, a2]));
  });

  it("answers 401 without a session and 403 without the page or the authority to decide", async () => {
    for (const path of ["/authentication/myApplication/list", "/authentication/approvalManagement/list", "/myResources/list", "/authentication/resourceApplication/list", "/blade-system/flow/list"]) {
      expect((await call(path, undefined)).status, path).toBe(401);
    }
    // Role 普通用户 holds the page (for directory owners): owning nothing, bob sees an empty list.
    expect((await pending(people.bob.token)).data).toMatchObject({ records: [], total: 0 });
    const { id } = await api.createUser({ account: "norole", password: PASSWORD, tenantId: T, roleAliases: [] });
    expect(id).toBeTruthy();
    const norole = (await api.login("norole", PASSWORD, { tenantId: T })).access_token;
    for (const path of ["/authentication/myApplication/list", "/myResources/list", "/authentication/resourceApplication/list", "/authentication/approvalManagement/list"]) {
      expect((await call(path, norole)).status, path).toBe(403);
    }
    expect((await submit(norole, { appId: "1", reason: "x" })).status).toBe(403);
    const flows = await call<{ key: string; name: string; steps: number }[]>("/blade-system/flow/list", people.ann.token);
    expect(flows.body.data.map((f) => f.steps)).toEqual([1, 2]);
  });
  it("approves a single-step request into a time-bound grant that ends by itself at the next request after its end", async () => {
    // Last: it moves the server's clock past every session.
    const app = await newApp("timed");
    const { data } = (await submit(people.bob.token, { appId: app, reason: "项目需要", durationDays: 7 })).body;
    const list = await pending(admin);
    const row = list.data as unknown as { records: { id: string; holdings: { roles: string[] } }[] };
    expect(row.records.find((r) => r.id === data.id)?.holdings.roles).toEqual(["普通用户"]);
    expect((await call("/authentication/approvalManagement/approve", admin, { json: { id: data.id, comment: "同意" } })).status).toBe(200);
    const granted = (await mine(people.bob.token)).find((a) => a.id === app)!;
    expect(granted.sources).toEqual([expect.objectContaining({ type: "request", requestId: data.id, endTime: expect.stringMatching(/^\d{4}-/) })]);
    expect((await visit(app, people.bob.token)).status).toBe(200);
    expect((await call("/authentication/approvalManagement/approve", admin, { json: { id: data.id } })).body.msg).toBe("该申请已处理");

    // Eight days on (every session has expired meanwhile: bob signs in again).
    api.advanceTime(8 * 24 * 3600 * 1000);
    people.bob.token = (await api.login("bob", PASSWORD, { tenantId: T })).access_token;
    expect((await mine(people.bob.token)).map((a) => a.id)).not.toContain(app);
    expect((await visit(app, people.bob.token)).body.msg).toBe("您没有该应用的使用权限，可在「资源申请」中申请");
    expect((await requests(people.bob.token)).find((r) => r.id === data.id)).toMatchObject({ state: 4 });
    expect(await opTitles()).toEqual(expect.arrayContaining(["审批管理-通过", "资源申请-到期"]));
  });

});
