/** Applications beyond the kit's battery: categories, the category filter, isEnable, delete with its dependants. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roleGroupApp, roleGroupAppRole, userAppRole } from "../../db/schema";
import { nextId } from "../../db/ids";
import { twoTenants, type TenantTokens } from "../../test/conformance";
import { basicAuth, freshApp, type TestApp } from "../../test/fresh-app";

let api: TestApp;
let tokens: TenantTokens;
let admin: string;

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

const call = async <T = unknown>(path: string, token: string, o: { json?: unknown; query?: Record<string, string>; method?: string } = {}) => {
  const res = await api.request(`/api/authentication${path}`, { token, ...o });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
};
const made = async (path: string, token: string, json: Record<string, unknown>) => {
  const r = await call<{ id: string }>(path, token, { json });
  expect(r.body.msg, JSON.stringify(r.body)).toBe("操作成功");
  return r.body.data.id;
};
const category = (token: string, categoryName: string, parentId = "0") => made("/bladeApplicationManageTree/insert", token, { categoryName, parentId, sort: 1 });
const application = (token: string, n: string, categoryId = "0") =>
  made("/app/insert", token, { appName: `应用${n}`, appCode: `code_${n}`, appUrl: `https://${n}.example.com`, categoryId });

beforeAll(async () => {
  api = await freshApp({ oauth: false });
  tokens = await twoTenants(api);
  admin = tokens.admin100001;
});
afterAll(() => api.close());

describe("application categories", () => {
  it("answers the tenant's tree, refuses a loop, and refuses a delete that would orphan anything, saying why", async () => {
    const top = await category(admin, "办公");
    const child = await category(admin, "审批", top);
    await category(tokens.admin100002, "别人的");
    const tree = await call<{ id: string; title: string; children: { id: string }[] }[]>("/bladeApplicationManageTree/list", admin);
    expect(tree.body.data.map((n) => n.title)).toEqual(["办公"]);
    expect(tree.body.data[0].children.map((n) => n.id)).toEqual([child]);

    const loop = await call("/bladeApplicationManageTree/update", admin, { json: { id: top, parentId: child } });
    expect(loop.status).toBe(400);
    expect(loop.body.msg).toBe("上级分类不能是自身或其下级");

    const withChild = await call("/bladeApplicationManageTree/delete", admin, { query: { id: top }, method: "POST" });
    expect(withChild.body).toMatchObject({ code: 400, msg: "该分类下还有子分类,请先删除子分类" });
    const appId = await application(admin, "cat1", child);
    const withApp = await call("/bladeApplicationManageTree/delete", admin, { query: { id: child } });
    expect(withApp.body).toMatchObject({ code: 400, msg: "该分类下还有应用,请先移走或删除这些应用" });
    expect((await call("/app/delete", admin, { json: { idList: [appId] } })).status).toBe(200);
    expect((await call("/bladeApplicationManageTree/delete", admin, { query: { id: child } })).status).toBe(200);
    expect((await call("/bladeApplicationManageTree/delete", admin, { query: { id: top } })).status).toBe(200);
  });

  it("refuses another tenant's category as a parent or a filing place, like a missing one", async () => {
    const theirs = await category(tokens.admin100002, "他们的");
    const asParent = await call("/bladeApplicationManageTree/insert", admin, { json: { categoryName: "x", parentId: theirs } });
    expect(asParent.body).toMatchObject({ code: 400, msg: "上级分类不存在" });
    const asCategory = await call("/app/insert", admin, { json: { appName: "x", appCode: "x1", appUrl: "https://x.example.com", categoryId: theirs } });
    expect(asCategory.body).toMatchObject({ code: 400, msg: "应用分类不存在", data: [{ field: "categoryId", message: "应用分类不存在" }] });
    expect((await call("/bladeApplicationManageTree/delete", admin, { query: { id: theirs } })).status).toBe(400);
  });

  it("getAppList hangs the enabled applications under their categories", async () => {
    const cat = await category(admin, "工具");
    const on = await application(admin, "on", cat);
    const off = await application(admin, "off", cat);
    await call("/app/isEnable", admin, { query: { id: off, status: "0" }, method: "POST" });
    const list = await call<{ id: string; type: string; children: { id: string; type: string }[] }[]>("/bladeApplicationManageTree/getAppList", admin);
    const node = list.body.data.find((n) => n.id === cat)!;
    expect(node.type).toBe("category");
    expect(node.children.map((n) => [n.id, n.type])).toEqual([[on, "app"]]);
  });
});

describe("applications", () => {
  it("filters the page by a category and everything below it", async () => {
    const top = await category(admin, "业务");
    const sub = await category(admin, "财务", top);
    const inTop = await application(admin, "intop", top);
    const inSub = await application(admin, "insub", sub);
    await application(admin, "elsewhere");
    const page = await call<{ records: { id: string; categoryName: string }[] }>("/app/page", admin, { query: { categoryId: top, size: "50" } });
    expect(page.body.data.records.map((r) => r.id).sort()).toEqual([inTop, inSub].sort());
    expect(page.body.data.records.find((r) => r.id === inSub)?.categoryName).toBe("财务");
    const none = await call<{ records: unknown[] }>("/app/page", admin, { query: { categoryId: "1234567890123" } });
    expect(none.body.data.records).toEqual([]);
  });

  it("keeps codes unique per tenant, links to http(s) only, and icons to our files or http(s)", async () => {
    await application(admin, "uniq");
    const dup = await call("/app/insert", admin, { json: { appName: "又一个", appCode: "code_uniq", appUrl: "https://y.example.com" } });
    expect(dup.body).toMatchObject({ code: 400, msg: "应用编码已存在" });
    await application(tokens.admin100002, "uniq");
    const script = await call("/app/insert", admin, { json: { appName: "坏", appCode: "bad1", appUrl: "javascript:alert(1)" } });
    expect(script.body.data).toContainEqual({ field: "appUrl", message: "格式不正确" });
    const icon = await call("/app/insert", admin, { json: { appName: "坏", appCode: "bad2", appUrl: "https://b.example.com", icon: "javascript:alert(1)" } });
    expect(icon.body).toMatchObject({ code: 400, msg: "应用图标只能是上传的图片或 http(s) 地址" });
    await made("/app/insert", admin, { appName: "好", appCode: "good1", appUrl: "https://g.example.com", icon: "/api/blade-resource/oss/endpoint/file/1234567890123" });
    const withId = await call("/app/insert", admin, { json: { id: "1234567890123", appName: "x", appCode: "x2", appUrl: "https://x.example.com" } });
    expect(withId.body.msg).toBe("新增时不能指定ID");
  });

  it("keeps one attachment: an upload's link answered with the file's name, an address, and refuses anything else", async () => {
    const form = new FormData();
    form.append("file", new File(["手册内容"], "接入手册.pdf"));
    const headers = { Authorization: basicAuth(), "Blade-Auth": `bearer ${admin}` };
    const uploaded = await (await api.app.request("/api/blade-resource/common/upload", { method: "POST", body: form, headers })).json();
    const link = uploaded.data.url as string;
    const id = await made("/app/insert", admin, { appName: "带附件", appCode: "attached", appUrl: "https://a.example.com", attachment: link });
    const detail = await call<{ attachment: string; attachmentName: string }>("/app/details", admin, { query: { id } });
    expect(detail.body.data).toMatchObject({ attachment: link, attachmentName: "接入手册.pdf" });
    const page = await call<{ records: { id: string; attachmentName: string }[] }>("/app/page", admin, { query: { appCode: "attached" } });
    expect(page.body.data.records.find((r) => r.id === id)?.attachmentName).toBe("接入手册.pdf");

    const script = await call("/app/update", admin, { json: { id, attachment: "javascript:alert(1)" } });
    expect(script.body).toMatchObject({ code: 400, msg: "附件只能是上传的文件或 http(s) 地址", data: [{ field: "attachment" }] });
    // A link of ours to a file that is not there (or is another tenant's) is refused too.
    const missing = await call("/app/update", admin, { json: { id, attachment: "/api/blade-resource/oss/endpoint/file/1234567890123" } });
    expect(missing.body).toMatchObject({ code: 400, msg: "附件文件不存在,请重新上传" });
    const foreign = await call("/app/insert", tokens.admin100002, { json: { appName: "偷", appCode: "steal", appUrl: "https://s.example.com", attachment: link } });
    expect(foreign.body.msg).toBe("附件文件不存在,请重新上传");
    expect((await call<{ attachment: string }>("/app/details", admin, { query: { id } })).body.data.attachment).toBe(link);

    await made("/app/update", admin, { id, attachment: "https://docs.example.com/guide.pdf" });
    const address = await call<{ attachment: string; attachmentName: string }>("/app/details", admin, { query: { id } });
    expect(address.body.data).toMatchObject({ attachment: "https://docs.example.com/guide.pdf", attachmentName: "" });
    await made("/app/update", admin, { id, attachment: "" });
    expect((await call<{ attachment: string }>("/app/details", admin, { query: { id } })).body.data.attachment).toBe("");
  });

  it("switches an application on and off with isEnable, behind its own button, in its own tenant only", async () => {
    const id = await application(admin, "switch");
    expect((await call("/app/isEnable", admin, { query: { id, status: "0" } })).status).toBe(200);
    expect((await call<{ status: number }>("/app/details", admin, { query: { id } })).body.data.status).toBe(0);
    expect((await call("/app/isEnable", admin, { json: { id, status: 1 }, method: "POST" })).status).toBe(200);
    expect((await call<{ status: number }>("/app/details", admin, { query: { id } })).body.data.status).toBe(1);
    expect((await call("/app/isEnable", admin, { query: { id, status: "2" } })).body.msg).toBe("状态只能是 1(启用)或 0(停用)");
    expect((await call("/app/isEnable", tokens.plain100001, { query: { id, status: "0" } })).status).toBe(403);
    const other = await call("/app/isEnable", tokens.admin100002, { query: { id, status: "0" } });
    expect(other.body).toMatchObject({ code: 400, msg: "应用不存在" });
    expect((await call<{ status: number }>("/app/details", admin, { query: { id } })).body.data.status).toBe(1);
  });

  it("deletes applications with their roles, the users' links to them and role-group bindings, all at once", async () => {
    const keep = await application(admin, "keep");
    const gone = await application(admin, "gone");
    const role = await made("/bladeApplicationRole/insert", admin, { appId: gone, roleName: "经办", roleCode: "clerk" });
    const { id: userId } = await api.createUser({ account: "holder", password: "Passw0rd!x", tenantId: "100001", roleAliases: ["user"] });
    expect((await call("/bladeApplicationRole/addUser", admin, { json: { roleId: role, userIds: [userId] } })).status).toBe(200);
    expect(await api.db.select().from(userAppRole).where(eq(userAppRole.userId, userId))).toHaveLength(1);
    await api.db.insert(roleGroupApp).values({ id: nextId(), tenantId: "100001", groupId: "1", appId: gone });
    await api.db.insert(roleGroupAppRole).values({ id: nextId(), tenantId: "100001", groupId: "1", appRoleId: role });

    const other = await call("/app/delete", tokens.admin100002, { json: { idList: [gone] } });
    expect(other.status).toBe(400);
    expect((await call("/app/delete", admin, { query: { idList: `${gone},${keep}` }, method: "POST" })).status).toBe(200);
    expect((await call("/app/details", admin, { query: { id: gone } })).status).toBe(400);
    expect((await call("/bladeApplicationRole/details", admin, { query: { id: role } })).status).toBe(400);
    expect(await api.db.select().from(userAppRole).where(eq(userAppRole.userId, userId))).toEqual([]);
    expect(await api.db.select().from(roleGroupApp).where(eq(roleGroupApp.appId, gone))).toEqual([]);
    expect(await api.db.select().from(roleGroupAppRole).where(eq(roleGroupAppRole.appRoleId, role))).toEqual([]);
  });
});
