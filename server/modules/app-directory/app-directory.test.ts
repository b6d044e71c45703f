/** Application directories beyond the kit's battery: the tree's rules, tenants, start/stop, the resource area's page, import. */
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twoTenants, type TenantTokens } from "../../test/conformance";
import { basicAuth, freshApp, type TestApp } from "../../test/fresh-app";

let api: TestApp;
let tokens: TenantTokens;
let admin: string;
let apps: Record<string, string>;
let owner: string;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
interface Node {
  id: string;
  directoryName: string;
  status: number;
  apps: { appName: string }[];
  appIds: string[];
  children?: Node[];
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
const directory = (json: Record<string, unknown>, token = admin) => made("/bladeApplicationDirectory/insert", token, json);
const tree = async (token = admin, query: Record<string, string> = {}) => (await call<Node[]>("/bladeApplicationDirectory/list", token, { query })).body.data;
const resourcePage = async (token: string, query: Record<string, string> = {}) =>
  (await call<{ total: number; records: { directoryName: string; path: string[]; apps: { appName: string }[] }[] }>("/app-drectory/page", token, { query: { size: "100", ...query } })).body.data;

beforeAll(async () => {
  api = await freshApp({ oauth: false });
  tokens = await twoTenants(api);
  admin = tokens.admin100001;
  apps = {};
  for (const [code, token] of [["oa", admin], ["mail", admin], ["crm", admin], ["theirs", tokens.admin100002]] as const) {
    apps[code] = await made("/app/insert", token, { appName: `应用${code}`, appCode: code, appUrl: `https://${code}.example.com` });
  }
  owner = (await api.createUser({ account: "owner1", password: "Passw0rd!x", tenantId: "100001", roleAliases: ["user"] })).id;
});
afterAll(() => api.close());

describe("application directories", () => {
  it("files applications in a directory and lists the tenant's tree with them, searchable by name", async () => {
    const top = await directory({ directoryName: "办公", directoryCode: "office", appIds: [apps.oa, apps.mail], ownerId: owner });
    const sub = await directory({ directoryName: "邮件类", directoryCode: "office.mail", parentId: top, appIds: apps.mail });
    const office = (await tree()).find((n) => n.id === top)!;
    expect(office.apps.map((a) => a.appName)).toEqual(["应用oa", "应用mail"]);
    expect(office.children!.map((c) => c.id)).toEqual([sub]);
    const detail = (await call<{ ownerName: string; appIds: string[] }>("/bladeApplicationDirectory/details", admin, { query: { id: top } })).body.data;
    expect(detail).toMatchObject({ appIds: [apps.oa, apps.mail] });
    // An update without appIds keeps them; with appIds it replaces them.
    await made("/bladeApplicationDirectory/update", admin, { id: top, directoryName: "办公协同" });
    expect((await tree()).find((n) => n.id === top)!.appIds).toEqual([apps.oa, apps.mail]);
    await made("/bladeApplicationDirectory/update", admin, { id: top, appIds: [apps.crm] });
    expect((await tree()).find((n) => n.id === top)!.apps.map((a) => a.appName)).toEqual(["应用crm"]);
    const found = await tree(admin, { directoryName: "邮件" });
    expect(found.map((n) => n.directoryName)).toEqual(["邮件类"]);
  });

  it("keeps one attachment: an upload's link answered with the file's name in the tree and the details, a script link refused", async () => {
    const form = new FormData();
    form.append("file", new File(["目录说明"], "目录说明.docx"));
    const headers = { Authorization: basicAuth(), "Blade-Auth": `bearer ${admin}` };
    const link = (await (await api.app.request("/api/blade-resource/common/upload", { method: "POST", body: form, headers })).json()).data.url as string;
    const id = await directory({ directoryName: "带附件", directoryCode: "attached", attachment: link });
    const detail = (await call<{ attachment: string; attachmentName: string }>("/bladeApplicationDirectory/details", admin, { query: { id } })).body.data;
    expect(detail).toMatchObject({ attachment: link, attachmentName: "目录说明.docx" });
    expect((await tree()).find((n) => n.id === id)).toMatchObject({ attachmentName: "目录说明.docx" });
    const bad = await call("/bladeApplicationDirectory/update", admin, { json: { id, attachment: "data:text/html,<script>alert(1)</script>" } });
    expect(bad.body).toMatchObject({ code: 400, msg: "附件只能是上传的文件或 http(s) 地址", data: [{ field: "attachment" }] });
    const gone = await call("/bladeApplicationDirectory/update", admin, { json: { id, attachment: "/api/blade-resource/oss/endpoint/file/1234567890123" } });
    expect(gone.body.msg).toBe("附件文件不存在,请重新上传");
    expect((await call<{ attachment: string }>("/bladeApplicationDirectory/details", admin, { query: { id } })).body.data.attachment).toBe(link);
  });

  it("refuses a directory as its own parent or below itself, naming the field", async () => {
    const a = await directory({ directoryName: "甲", directoryCode: "loop.a" });
    const b = await directory({ directoryName: "乙", directoryCode: "loop.b", parentId: a });
    for (const parentId of [a, b]) {
      const r = await call("/bladeApplicationDirectory/update", admin, { json: { id: a, parentId } });
      expect(r.body).toMatchObject({ code: 400, msg: "上级目录不能是自身或其下级目录", data: [{ field: "parentId" }] });
    }
    expect((await tree()).find((n) => n.id === a)!.children!.map((c) => c.id)).toEqual([b]);
  });

  it("refuses to delete a directory with sub-directories, and takes its links with it otherwise", async () => {
    const parent = await directory({ directoryName: "父目录", directoryCode: "del.parent", appIds: [apps.oa] });
    const child = await directory({ directoryName: "子目录", directoryCode: "del.child", parentId: parent, appIds: [apps.oa] });
    const refused = await call("/bladeApplicationDirectory/delete", admin, { method: "POST", query: { id: parent } });
    expect(refused.body).toMatchObject({ code: 400, msg: "该目录下还有子目录,请先删除子目录" });
    expect((await tree()).some((n) => n.id === parent)).toBe(true);
    const role = await made("/bladeApplicationRole/insert", admin, { appId: apps.oa, roleName: "目录角色", roleCode: "dir.role" });
    await made("/bladeApplicationRole/addAppDirectory", admin, { roleId: role, directoryIds: [child, parent] });
    expect((await call("/bladeApplicationDirectory/delete", admin, { method: "POST", query: { id: child } })).status).toBe(200);
    const left = (await call<{ id: string }[]>("/bladeApplicationRole/getAppDirectory", admin, { query: { roleId: role } })).body.data;
    expect(left.map((d) => d.id)).toEqual([parent]);
    // Both in one call: the child goes with its parent.
    const again = await directory({ directoryName: "子目录", directoryCode: "del.child2", parentId: parent });
    expect((await call("/bladeApplicationDirectory/remove", admin, { method: "POST", query: { ids: `${parent},${again}` } })).status).toBe(200);
  });

  it("keeps tenants apart: another tenant's applications, parents, owners and directories are refused", async () => {
    const theirDir = await directory({ directoryName: "他们的", directoryCode: "theirs" }, tokens.admin100002);
    const app = await call("/bladeApplicationDirectory/insert", admin, { json: { directoryName: "x", directoryCode: "x1", appIds: [apps.theirs] } });
    expect(app.body).toMatchObject({ code: 400, msg: "所选应用不存在", data: [{ field: "appIds" }] });
    const parent = await call("/bladeApplicationDirectory/insert", admin, { json: { directoryName: "x", directoryCode: "x2", parentId: theirDir } });
    expect(parent.body).toMatchObject({ code: 400, msg: "上级目录不存在" });
    const theirOwner = await call("/bladeApplicationDirectory/insert", tokens.admin100002, { json: { directoryName: "x", directoryCode: "x3", ownerId: owner } });
    expect(theirOwner.body).toMatchObject({ code: 400, msg: "负责人不存在", data: [{ field: "ownerId" }] });
    expect((await call("/bladeApplicationDirectory/startOrStop", admin, { method: "POST", query: { id: theirDir, status: "0" } })).body.msg).toBe("目录不存在");
    expect((await call("/bladeApplicationDirectory/delete", admin, { method: "POST", query: { id: theirDir } })).body.msg).toBe("目录不存在");
    expect((await tree(admin)).some((n) => n.id === theirDir)).toBe(false);
    // The form's pickers offer the tenant's own applications and users only.
    const picked = (await call<{ id: string }[]>("/bladeApplicationDirectory/apps", admin)).body.data.map((a) => a.id);
    expect(picked).toContain(apps.oa);
    expect(picked).not.toContain(apps.theirs);
    // The owner picker reads the user module's usesPage, which is the caller's tenant's.
    const owners = async (token: string) =>
      ((await (await api.request("/api/blade-user/usesPage", { token, query: { account: "owner" } })).json()) as Envelope<{ records: { account: string }[] }>).data.records.map((u) => u.account);
    expect(await owners(tokens.admin100002)).toEqual([]);
    expect(await owners(admin)).toEqual(["owner1"]);
    expect((await resourcePage(tokens.plain100001)).records.map((r) => r.directoryName)).not.toContain("他们的");
    // The same code may be used by each tenant; twice within one it may not.
    await directory({ directoryName: "他们的", directoryCode: "theirs" });
    const dup = await call("/bladeApplicationDirectory/insert", admin, { json: { directoryName: "又一个", directoryCode: "theirs" } });
    expect(dup.body).toMatchObject({ code: 400, msg: "目录编码已存在" });
  });

  it("a stopped directory disappears from the resource area with everything below it, and comes back when started", async () => {
    const top = await directory({ directoryName: "研发", directoryCode: "dev", appIds: [apps.crm] });
    await directory({ directoryName: "研发工具", directoryCode: "dev.tools", parentId: top, appIds: [apps.oa] });
    const plain = tokens.plain100001;
    const shown = async () => (await resourcePage(plain, { directoryName: "研发" })).records;
    expect((await shown()).map((r) => [r.directoryName, r.path, r.apps.map((a) => a.appName)])).toEqual([
      ["研发", [], ["应用crm"]],
      ["研发工具", ["研发"], ["应用oa"]],
    ]);
    expect((await call("/bladeApplicationDirectory/startOrStop", plain, { method: "POST", query: { id: top, status: "0" } })).status).toBe(403);
    expect((await call("/bladeApplicationDirectory/startOrStop", admin, { method: "POST", query: { id: top, status: "2" } })).body.msg).toBe("状态只能是 1(启用)或 0(停用)");
    expect((await call("/bladeApplicationDirectory/startOrStop", admin, { method: "POST", query: { id: top, status: "0" } })).status).toBe(200);
    expect(await shown()).toEqual([]);
    // The management list still shows it, stopped.
    expect((await tree()).find((n) => n.id === top)!.status).toBe(0);
    await call("/bladeApplicationDirectory/startOrStop", admin, { method: "POST", query: { id: top, status: "1" } });
    expect((await shown()).map((r) => r.directoryName)).toEqual(["研发", "研发工具"]);
    // A disabled application is not offered.
    await call("/app/isEnable", admin, { method: "POST", query: { id: apps.crm, status: "0" } });
    expect((await shown())[0].apps).toEqual([]);
    await call("/app/isEnable", admin, { method: "POST", query: { id: apps.crm, status: "1" } });
  });

  it("answers 403 to users without the buttons and 401 without a token", async () => {
    const plain = tokens.plain100001;
    expect((await call("/bladeApplicationDirectory/insert", plain, { json: { directoryName: "x", directoryCode: "p1" } })).status).toBe(403);
    expect((await call("/bladeApplicationDirectory/list", plain)).status).toBe(403);
    expect((await api.request("/api/authentication/app-drectory/page")).status).toBe(401);
  });
});

describe("importing directories from the template", () => {
  const headers = (token: string) => ({ Authorization: basicAuth(), "Blade-Auth": `bearer ${token}` });
  async function filled(rows: (string | number | null)[][]): Promise<Uint8Array> {
    const res = await api.app.request("/api/authentication/bladeApplicationDirectory/export-template", { headers: headers(admin) });
    expect(res.headers.get("content-disposition")).toContain(encodeURIComponent("目录导入模板.xlsx"));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    expect((book.worksheets[0].getRow(1).values as string[]).filter(Boolean)).toEqual(["目录名称*", "目录编码*", "上级目录编码", "排序", "负责人账号", "应用编码", "目录描述"]);
    rows.forEach((values, i) => values.forEach((v, j) => v !== null && (book.worksheets[0].getCell(i + 2, j + 1).value = v)));
    return new Uint8Array(await book.xlsx.writeBuffer());
  }
  async function upload(bytes: Uint8Array, token = admin) {
    const form = new FormData();
    form.append("file", new Blob([bytes as BlobPart]), "目录.xlsx");
    const res = await api.app.request("/api/authentication/bladeApplicationDirectory/import", { method: "POST", headers: headers(token), body: form });
    return { status: res.status, body: (await res.json()) as Envelope<{ total: number; success: number; failed: number; errors: { row: number; directoryName: string; message: string }[] }> };
  }

  it("creates the valid rows (a parent may be an earlier row) and reports every refused row with why", async () => {
    const bytes = await filled([
      ["财务", "fin", null, 1, "owner1", "oa、mail", "财务类"],
      ["报销", "fin.exp", "fin", 2, null, "crm", null],
      ["重复", "fin", null, null, null, null, null],
      ["孤儿", "orphan", "nowhere", null, null, null, null],
      ["坏应用", "badapp", null, null, null, "oa,theirs", null],
      ["无人", "nobody", null, null, "ghost", null, null],
      [null, "noname", null, null, null, null, null],
    ]);
    const r = await upload(bytes);
    expect(r.body.data).toMatchObject({ total: 7, success: 2, failed: 5 });
    expect(r.body.data.errors).toEqual([
      { row: 4, directoryName: "重复", message: "目录编码「fin」已存在" },
      { row: 5, directoryName: "孤儿", message: "上级目录编码「nowhere」不存在" },
      { row: 6, directoryName: "坏应用", message: "应用编码「theirs」不存在" },
      { row: 7, directoryName: "无人", message: "负责人账号「ghost」不存在" },
      { row: 8, directoryName: "", message: "请输入目录名称" },
    ]);
    const fin = (await tree()).find((n) => n.directoryName === "财务")!;
    expect(fin.apps.map((a) => a.appName)).toEqual(["应用oa", "应用mail"]);
    expect(fin.children!.map((c) => [c.directoryName, c.apps.map((a) => a.appName)])).toEqual([["报销", ["应用crm"]]]);
  });

  it("refuses a file that is not the template, and a caller without the import button", async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet("x").addRow(["名称"]);
    const r = await upload(new Uint8Array(await book.xlsx.writeBuffer()));
    expect(r.body).toMatchObject({ code: 400, msg: "导入文件不是目录导入模板：缺少列「目录名称、目录编码」" });
    expect((await upload(await filled([["x", "y"]]), tokens.plain100001)).status).toBe(403);
  });
});
