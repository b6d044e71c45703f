/**
 * The users' spreadsheet: the template an operator downloads, the import with its per-row report
 * and "update existing" choice, and the streamed export of everything the filter matches.
 */
import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UserVO } from "../../../domain/contract";
import { nextId } from "../../db/ids";
import { user, userDept } from "../../db/schema";
import { formatDateTime } from "../../db/time";
import { basicAuth, type TestApp } from "../../test/fresh-app";
import { EXPORT_BATCH } from "./export";
import type { ImportReport } from "./import";
import { MSG_NO_INIT_PASSWORD } from "./reset";
import { MSG_ID_NUMBER_TAKEN } from "./service";
import { PASSWORD, call, userFixture, type UserFixture } from "./test-fixture";
import { declaredUnzippedSize } from "../../kit/xlsx-guard";

let f: UserFixture;
let t: TestApp;
/** Role `user` of tenant 100001: signed in, none of the users page's codes (the worker's roles change below). */
let plain: string;
const INITIAL = "Blade-Init-2026";
beforeAll(async () => {
  f = await userFixture();
  t = f.t;
  await t.createUser({ account: "plain", password: PASSWORD, tenantId: f.a.tenantId });
  plain = (await t.login("plain", PASSWORD, { tenantId: f.a.tenantId })).access_token;
});
afterAll(() => t.close());

const headers = (token: string) => ({ Authorization: basicAuth(), "Blade-Auth": `bearer ${token}` });

async function workbook(res: Response): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
  return book;
}

const rowsOf = (sheet: ExcelJS.Worksheet) => {
  const out: string[][] = [];
  sheet.eachRow((row) => {
    const values = row.values as unknown[];
    out.push(Array.from({ length: values.length - 1 }, (_, i) => values[i + 1]).map((v) => (v === undefined || v === null ? "" : String(v))));
  });
  return out;
};

async function template(token: string): Promise<ExcelJS.Workbook> {
  const res = await t.app.request("/api/blade-user/export-template", { headers: headers(token) });
  expect(res.status).toBe(200);
  return workbook(res);
}

/** The caller's template with these rows (by header) from row 2. */
async function filled(token: string, rows: Record<string, string>[]): Promise<Uint8Array> {
  const book = await template(token);
  const sheet = book.worksheets[0];
  const columns = (sheet.getRow(1).values as string[]).map((h) => (h ?? "").replace("*", ""));
  rows.forEach((values, i) => {
    for (const [header, value] of Object.entries(values)) sheet.getCell(i + 2, columns.indexOf(header)).value = value;
  });
  return new Uint8Array(await book.xlsx.writeBuffer());
}

async function upload(token: string | undefined, bytes: Uint8Array | string, fields: Record<string, string> = {}, name = "用户.xlsx") {
  const form = new FormData();
  form.append("file", new Blob([bytes as BlobPart]), name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await t.app.request("/api/blade-user/import", { method: "POST", headers: token ? headers(token) : { Authorization: basicAuth() }, body: form });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: ImportReport } };
}

const setInitialPassword = () =>
  t.request("/api/blade-system/param/submit", { token: f.admin, json: { paramName: "初始密码", paramKey: "account.initPassword", paramValue: INITIAL } });

const row = (over: Record<string, string> = {}): Record<string, string> => ({
  登录账号: "imported1",
  用户姓名: "导入一",
  手机号码: "13900139000",
  用户性别: "女",
  用户生日: "1991-02-03",
  用户平台: "app",
  所属角色: "普通用户",
  所属部门: "租户100001",
  ...over,
});

const download = (token: string | undefined, query: Record<string, string> = {}) =>
  t.app.request(`/api/blade-user/export-user?${new URLSearchParams(query)}`, { headers: token ? headers(token) : { Authorization: basicAuth() } });

const detailOf = async (token: string, account: string) =>
  (await call<{ records: UserVO[] }>(t, "/api/blade-user/page", { token, query: { account_equal: account } })).data.records[0];

describe("GET /blade-user/export-template", () => {
  it("answers the template as an xlsx download, with instructions, and the tenant column for the platform only", async () => {
    const res = await t.app.request("/api/blade-user/export-template", { headers: headers(f.a.boss) });
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    expect(res.headers.get("content-disposition")).toContain(encodeURIComponent("用户导入模板.xlsx"));
    const book = await workbook(res);
    expect(rowsOf(book.worksheets[0])).toEqual([
      ["登录账号*", "用户姓名*", "用户昵称", "用户编号", "手机号码", "电子邮箱", "用户性别", "用户生日", "用户平台", "证件类型", "证件号码", "所属角色*", "所属部门*", "所属岗位"],
    ]);
    expect(book.worksheets[1].name).toBe("填写说明");
    expect(book.worksheets[1].getCell("A4").text).toContain("男、女、未知");
    expect(book.worksheets[1].getCell("A10").text).toContain("居民身份证、港澳居民来往内地通行证");
    expect(rowsOf((await template(f.admin)).worksheets[0])[0][0]).toBe("租户编号");
  });

  it("answers 401 and 403", async () => {
    expect((await t.app.request("/api/blade-user/export-template", { headers: { Authorization: basicAuth() } })).status).toBe(401);
    expect((await t.app.request("/api/blade-user/export-template", { headers: headers(plain) })).status).toBe(403);
  });
});

describe("POST /blade-user/import", () => {
  it("refuses new accounts while no initial password is set, writing nothing", async () => {
    const res = await upload(f.a.boss, await filled(f.a.boss, [row()]));
    expect(res.body).toMatchObject({ code: 400, msg: MSG_NO_INIT_PASSWORD });
    expect(await detailOf(f.a.boss, "imported1")).toBeUndefined();
  });

  it("imports the good rows and reports every bad one with its row number and why", async () => {
    expect((await setInitialPassword()).status).toBe(200);
    const bytes = await filled(f.a.boss, [
      row(),
      row({ 登录账号: "imported2", 手机号码: "1390013", 所属角色: "不存在的角色" }),
      row({ 用户姓名: "重复" }),
      row({ 登录账号: "worker100001" }),
      row({ 登录账号: "imported3", 用户性别: "男性", 所属部门: "" }),
    ]);
    const { status, body } = await upload(f.a.boss, bytes);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ total: 5, success: 1, created: 1, updated: 0, failed: 4 });
    expect(body.data.errors.map((e) => [e.row, e.account])).toEqual([[3, "imported2"], [4, "imported1"], [5, "worker100001"], [6, "imported3"]]);
    const [bad, dup, existing, blank] = body.data.errors.map((e) => e.message);
    expect(bad).toContain("所属角色「不存在的角色」不存在");
    expect(bad).toContain("手机号码: 格式不正确");
    expect(dup).toBe("登录账号与第2行重复");
    expect(existing).toContain("登录账号已存在");
    expect(blank).toContain("用户性别「男性」不正确,应为男、女、未知之一");
    expect(blank).toContain("请选择所属部门");

    const created = await detailOf(f.a.boss, "imported1");
    expect(created).toMatchObject({ realName: "导入一", phone: "13900139000", sexName: "女", userTypeName: "APP", roleName: "普通用户", deptName: "租户100001", birthday: "1991-02-03 00:00:00" });
    expect((await t.db.select().from(userDept).where(eq(userDept.userId, created.id))).map((l) => l.deptId)).toEqual([f.a.rootDeptId]);
    await expect(t.login("imported1", INITIAL, { tenantId: f.a.tenantId })).resolves.toBeTruthy();
    expect(await detailOf(f.a.boss, "imported2")).toBeUndefined();
  });

  it("updates existing accounts when asked to, keeping their password", async () => {
    const bytes = await filled(f.a.boss, [row({ 登录账号: "worker100001", 用户姓名: "改名", 所属角色: "普通用户,管理员" })]);
    const { body } = await upload(f.a.boss, bytes, { isCovered: "1" });
    expect(body.data).toMatchObject({ total: 1, success: 1, created: 0, updated: 1, failed: 0, errors: [] });
    expect(await detailOf(f.a.boss, "worker100001")).toMatchObject({ realName: "改名", roleName: "普通用户,管理员" });
    await expect(t.login("worker100001", PASSWORD, { tenantId: f.a.tenantId })).resolves.toBeTruthy();
  });

  it("reads the ID type by name and the number, each number once per tenant, and exports them as it reads them", async () => {
    await t.db.update(user).set({ idType: 3, idNumber: "E5550001" }).where(eq(user.id, f.a.bossId));
    const bytes = await filled(f.a.boss, [
      row({ 登录账号: "idrow1", 证件类型: "居民身份证", 证件号码: "11010519491231002x" }),
      row({ 登录账号: "idrow2", 证件类型: "居民身份证", 证件号码: "11010519491231002X" }),
      row({ 登录账号: "idrow3", 证件类型: "护照", 证件号码: "e5550001" }),
      row({ 登录账号: "idrow4", 证件类型: "驾照", 证件号码: "E5550002" }),
      row({ 登录账号: "idrow5", 证件类型: "居民身份证", 证件号码: "110105194912310021" }),
    ]);
    const { body } = await upload(f.a.boss, bytes);
    expect(body.data).toMatchObject({ total: 5, success: 1, created: 1, failed: 4 });
    expect(body.data.errors.map((e) => [e.row, e.message])).toEqual([
      [3, "证件号码与第2行重复"],
      [4, MSG_ID_NUMBER_TAKEN],
      [5, "证件类型「驾照」不正确,应为居民身份证、港澳居民来往内地通行证、台湾居民来往大陆通行证、护照、港澳台居民居住证、外国人永久居留身份证之一"],
      [6, "证件号码校验位错误"],
    ]);
    expect(await detailOf(f.a.boss, "idrow1")).toMatchObject({ idType: 0, idNumber: "11010519491231002X" });
    expect(await detailOf(f.a.boss, "idrow3")).toBeUndefined();

    // Exported, the row reads back the same: the type by name, the number as text.
    const sheet = (await workbook(await download(f.a.boss, { account_equal: "idrow1" }))).worksheets[0];
    const [header, values] = rowsOf(sheet);
    expect([values[header.indexOf("证件类型")], values[header.indexOf("证件号码")]]).toEqual(["居民身份证", "11010519491231002X"]);
    // Covering its own row again keeps the number; covering another account with it is refused.
    const again = await upload(f.a.boss, await filled(f.a.boss, [row({ 登录账号: "idrow1", 证件类型: "居民身份证", 证件号码: "11010519491231002X" })]), { isCovered: "1" });
    expect(again.body.data).toMatchObject({ updated: 1, failed: 0 });
    const taken = await upload(f.a.boss, await filled(f.a.boss, [row({ 登录账号: "worker100001", 证件类型: "居民身份证", 证件号码: "11010519491231002X" })]), { isCovered: "1" });
    expect(taken.body.data).toMatchObject({ updated: 0, failed: 1, errors: [{ row: 2, account: "worker100001", message: MSG_ID_NUMBER_TAKEN }] });
  });

  it("writes into another tenant only for the platform administrator; a tenant's admin hears 'does not exist'", async () => {
    const foreign = await upload(f.a.boss, await filled(f.admin, [{ ...row({ 登录账号: "sneaky", 所属部门: "租户100002" }), 租户编号: "100002" }]));
    const missing = await upload(f.a.boss, await filled(f.admin, [{ ...row({ 登录账号: "sneaky" }), 租户编号: "999999" }]));
    expect(foreign.body.data.errors[0].message).toBe("租户编号「100002」不存在");
    expect(missing.body.data.errors[0].message).toBe("租户编号「999999」不存在");
    expect(await detailOf(f.b.boss, "sneaky")).toBeUndefined();
    const platform = await upload(f.admin, await filled(f.admin, [{ ...row({ 登录账号: "placed", 所属部门: "租户100002" }), 租户编号: "100002" }]));
    expect(platform.body.data).toMatchObject({ created: 1, failed: 0 });
    expect(await detailOf(f.b.boss, "placed")).toMatchObject({ tenantId: "100002", deptName: "租户100002" });
  });

  it("refuses what is no template: another format, unreadable bytes, missing columns, too many rows", async () => {
    expect((await upload(f.a.boss, "a,b", {}, "users.csv")).body.msg).toContain("xlsx");
    expect((await upload(f.a.boss, "PK not a zip")).body).toMatchObject({ code: 400, msg: "文件无法读取,请使用下载的用户导入模板(xlsx)" });
    const book = new ExcelJS.Workbook();
    book.addWorksheet("x").addRow(["账号", "姓名"]);
    const other = new Uint8Array(await book.xlsx.writeBuffer());
    expect((await upload(f.a.boss, other)).body.msg).toContain("缺少列「登录账号、用户姓名、所属角色、所属部门」");
    const many = await filled(f.a.boss, Array.from({ length: 5001 }, (_, i) => row({ 登录账号: `bulk${i}` })));
    expect((await upload(f.a.boss, many)).body.msg).toBe("一次最多导入5000行,请分批导入");
    expect((await upload(f.a.boss, await filled(f.a.boss, [row()]), { isCovered: "maybe" })).body.code).toBe(400);
    expect((await upload(f.a.boss, await filled(f.a.boss, []))).body.msg).toBe("导入文件中没有数据");
  });

  it("answers 401 and 403, importing nothing", async () => {
    const bytes = await filled(f.a.boss, [row({ 登录账号: "nobody" })]);
    expect((await upload(undefined, bytes)).status).toBe(401);
    expect((await upload(plain, bytes)).status).toBe(403);
    expect(await detailOf(f.a.boss, "nobody")).toBeUndefined();
  });
});

describe("the zip guard", () => {
  it("reads the sizes a zip declares, and refuses what is no zip", async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet("x").addRow(["a".repeat(10_000)]);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    expect(declaredUnzippedSize(bytes)).toBeGreaterThan(10_000);
    expect(declaredUnzippedSize(bytes.slice(0, bytes.length - 30))).toBeNull();
    expect(declaredUnzippedSize(new TextEncoder().encode("hello"))).toBeNull();
  });
});

describe("GET /blade-user/export-user", () => {
  it("streams every user matching the filter, across batches, and only the caller's tenant", async () => {
    // More users than one batch reads, straight into the table (hashing 1,200 passwords would take minutes).
    const now = formatDateTime(new Date());
    const rows = Array.from({ length: EXPORT_BATCH + 200 }, (_, i) => ({
      id: nextId(), tenantId: f.a.tenantId, account: `many${String(i).padStart(4, "0")}`, password: "x", realName: `批量${i}`, roleId: f.a.roleIds.user, deptId: f.a.rootDeptId, createTime: now, updateTime: now,
    }));
    await t.db.insert(user).values(rows);
    const res = await download(f.a.boss, { account: "many" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/filename\*=UTF-8''%E7%94%A8%E6%88%B7%E6%95%B0%E6%8D%AE\d{14}\.xlsx/);
    const sheet = (await workbook(res)).worksheets[0];
    const values = rowsOf(sheet);
    expect(values[0]).toEqual(["登录账号", "用户姓名", "用户昵称", "用户编号", "手机号码", "电子邮箱", "用户性别", "用户生日", "用户平台", "证件类型", "证件号码", "所属角色", "所属部门", "所属岗位", "状态", "创建时间"]);
    expect(values.length - 1).toBe(EXPORT_BATCH + 200);
    expect(new Set(values.slice(1).map((v) => v[0])).size).toBe(EXPORT_BATCH + 200);
    expect(values[1]).toEqual(["many0000", "批量0", "", "", "", "", "未知", "", "WEB", "", "", "普通用户", "租户100001", "", "启用", now]);
    const other = rowsOf((await workbook(await download(f.b.boss, { account: "many" }))).worksheets[0]);
    expect(other).toHaveLength(1);
  });

  it("stops reading users when the client goes away, without an error", async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const res = await download(f.a.boss, { account: "many" });
      const reader = res.body!.getReader();
      await reader.read();
      await reader.cancel();
      await new Promise((r) => setTimeout(r, 300));
      expect(errors).toEqual([]);
      const next = await download(f.a.boss, { account_equal: "boss100001" });
      expect(rowsOf((await workbook(next)).worksheets[0])).toHaveLength(2);
    } finally {
      console.error = original;
    }
  });

  it("is itself an import: exported, edited and imported with 'update existing', the edit is saved", async () => {
    const sheet = (await workbook(await download(f.a.boss, { account_equal: "worker100001" }))).worksheets[0];
    expect(rowsOf(sheet)).toHaveLength(2);
    sheet.getCell(2, 2).value = "往返";
    const book = new ExcelJS.Workbook();
    const copy = book.addWorksheet("用户数据");
    rowsOf(sheet).forEach((r) => copy.addRow(r));
    const { body } = await upload(f.a.boss, new Uint8Array(await book.xlsx.writeBuffer()), { isCovered: "true" });
    expect(body.data).toMatchObject({ updated: 1, failed: 0 });
    expect((await detailOf(f.a.boss, "worker100001")).realName).toBe("往返");
  });

  it("names the tenant for the platform administrator, filters by department, and refuses a bad filter before streaming", async () => {
    const all = rowsOf((await workbook(await download(f.admin, { tenantId_equal: "100002" }))).worksheets[0]);
    expect(all[0][0]).toBe("租户编号");
    expect(all.slice(1).every((r) => r[0] === "100002")).toBe(true);
    const none = rowsOf((await workbook(await download(f.a.boss, { deptId: f.b.rootDeptId }))).worksheets[0]);
    expect(none).toHaveLength(1);
    const bad = await download(f.a.boss, { password_equal: "x" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).msg).toContain("不支持的查询字段");
  });

  it("answers 401 and 403", async () => {
    expect((await download(undefined)).status).toBe(401);
    expect((await download(plain)).status).toBe(403);
  });
});
