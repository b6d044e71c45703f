/** The Excel template and the import: what an operator downloads, fills in and reads back. */
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basicAuth, freshApp, type TestApp } from "../../test/fresh-app";
import { zipDeclaring } from "../../test/test-zips";

let t: TestApp;
let admin: string;
let other: string;

beforeAll(async () => {
  t = await freshApp({ oauth: false });
  admin = (await t.loginAdmin()).access_token;
  await t.createTenant("300001", "外部租户");
  await t.createUser({ account: "outsider", password: "Passw0rd!x", tenantId: "300001", roleAliases: ["admin"] });
  other = (await t.login("outsider", "Passw0rd!x", { tenantId: "300001" })).access_token;
});
afterAll(() => t.close());

const headers = (token: string) => ({ Authorization: basicAuth(), "Blade-Auth": `bearer ${token}` });

async function template(token = admin): Promise<ExcelJS.Workbook> {
  const res = await t.app.request("/api/blade-system/dept/export-template", { headers: headers(token) });
  expect(res.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
  return book;
}

/** The template with these rows (name, parent path, category, full name, contact, phone, mailbox, sort, remark) from row 2. */
async function filled(rows: (string | number | null)[][], token = admin): Promise<Uint8Array> {
  const book = await template(token);
  rows.forEach((values, i) => values.forEach((v, j) => v !== null && (book.worksheets[0].getCell(i + 2, j + 1).value = v)));
  return new Uint8Array(await book.xlsx.writeBuffer());
}

async function upload(bytes: Uint8Array | string, name = "机构.xlsx", token = admin) {
  const form = new FormData();
  form.append("file", new Blob([bytes as BlobPart]), name);
  const res = await t.app.request("/api/blade-system/dept/import", { method: "POST", headers: headers(token), body: form });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: unknown } };
}

const lazyList = async (query: Record<string, string>, token = admin) =>
  (await (await t.request("/api/blade-system/dept/lazy-list", { token, query })).json()).data as { id: string; deptName: string; ancestors: string; phone: string; sort: number; deptCategory: number }[];

describe("GET /blade-system/dept/export-template", () => {
  it("answers the template as an xlsx download: the columns, a category list, and how to fill it in", async () => {
    const res = await t.app.request("/api/blade-system/dept/export-template", { headers: headers(admin) });
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    expect(res.headers.get("content-disposition")).toContain(encodeURIComponent("机构导入模板.xlsx"));
    const book = await template();
    const header = (book.worksheets[0].getRow(1).values as string[]).filter(Boolean);
    expect(header).toEqual(["机构名称*", "上级机构", "机构类型*", "机构全称", "联系人", "联系电话", "联系邮箱", "排序*", "备注"]);
    expect(book.worksheets[0].getCell("C2").dataValidation).toMatchObject({ type: "list", formulae: ['"公司,部门,小组"'] });
    expect(book.worksheets[1].name).toBe("填写说明");
    expect(book.worksheets[1].getCell("A2").text).toContain("刀锋科技/常州刀锋");
  });
});

describe("POST /blade-system/dept/import", () => {
  it("creates the good rows in file order and reports every bad one with its row and reason", async () => {
    const bytes = await filled([
      ["导入研发部", "刀锋科技", "部门", "刀锋研发部", "张三", "13800138000", "rd@example.com", 3, "首批"],
      ["导入一组", "刀锋科技/导入研发部", "小组", null, null, null, null, 1, null],
      ["坏电话", "刀锋科技", "部门", null, null, "0512-1234", null, 1, null],
      [null, "刀锋科技", "部门", null, null, null, null, 1, null],
      ["无处安放", "不存在的机构/某处", "部门", null, null, null, null, 1, null],
      ["怪类型", "刀锋科技", "公司X", null, null, null, null, 1, null],
      ["常州刀锋", "刀锋科技", "部门", null, null, null, null, 1, null],
      ["坏电话下级", "刀锋科技/坏电话", "小组", null, null, null, null, 1, null],
      [],
      ["导入新公司", null, "公司", null, null, null, null, null, null],
    ]);
    const r = await upload(bytes);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      total: 9,
      success: 3,
      failed: 6,
      errors: [
        { row: 4, deptName: "坏电话", message: "格式不正确" },
        { row: 5, deptName: "", message: "请输入机构名称" },
        { row: 6, deptName: "无处安放", message: "上级机构「不存在的机构/某处」不存在" },
        { row: 7, deptName: "怪类型", message: "机构类型「公司X」不存在，应为公司、部门、小组之一" },
        { row: 8, deptName: "常州刀锋", message: "「刀锋科技」下已有名为「常州刀锋」的机构" },
        { row: 9, deptName: "坏电话下级", message: "上级机构「刀锋科技/坏电话」不存在" },
      ],
    });
    const [rd] = await lazyList({ deptName: "导入研发部" });
    expect(rd).toMatchObject({ phone: "13800138000", sort: 3, deptCategory: 2 });
    const [group] = await lazyList({ deptName: "导入一组" });
    expect(group.ancestors).toBe(`${rd.ancestors},${rd.id}`);
    expect((await lazyList({ deptName: "导入新公司" }))[0]).toMatchObject({ ancestors: "0", sort: 1, deptCategory: 1 });

    // The same file again changes nothing: every row now exists (or is still bad).
    const again = await upload(bytes);
    expect(again.body.data).toMatchObject({ total: 9, success: 0, failed: 9 });
  });

  it("resolves a parent by its name alone when that name is unique, and asks for the path when not", async () => {
    await upload(await filled([["甲地", "常州刀锋", "部门", null, null, null, null, 1, null], ["重名", "常州刀锋", "小组", null, null, null, null, 1, null], ["重名", "苏州刀锋", "小组", null, null, null, null, 1, null]]));
    expect((await lazyList({ deptName: "甲地" }))[0].ancestors).toMatch(/,\d+$/);
    const r = await upload(await filled([["乙地", "重名", "小组", null, null, null, null, 1, null]]));
    expect(r.body.data).toMatchObject({ success: 0, errors: [{ row: 2, message: "有多个名为「重名」的机构，请填写从顶级机构起的完整路径" }] });
  });

  it("imports into the caller's own tenant only", async () => {
    const r = await upload(await filled([["外部一部", "外部租户", "部门", null, null, null, null, 1, null], ["越界", "刀锋科技", "部门", null, null, null, null, 1, null]], other), "x.xlsx", other);
    expect(r.body.data).toMatchObject({ success: 1, errors: [{ row: 3, message: "上级机构「刀锋科技」不存在" }] });
    expect((await lazyList({ deptName: "外部一部" }, other)).length).toBe(1);
    expect(await lazyList({ deptName: "外部一部" })).toEqual([]);
  });

  it("refuses what is not the template with a clear 400, and creates nothing", async () => {
    const cases: [Uint8Array | string, string, string][] = [
      ["a,b\n1,2", "depts.csv", "请上传 xlsx 格式的机构导入模板"],
      ["not a zip at all", "depts.xlsx", "文件无法读取，请使用下载的机构导入模板（xlsx）"],
      [zipDeclaring(200 * 1024 * 1024), "bomb.xlsx", "文件内容过大，请分批导入"],
      [await filled([]), "empty.xlsx", "导入文件中没有数据"],
    ];
    const other = new ExcelJS.Workbook();
    other.addWorksheet("Sheet1").addRow(["名称", "类型"]);
    other.worksheets[0].addRow(["x", "y"]);
    cases.push([new Uint8Array(await other.xlsx.writeBuffer()), "other.xlsx", "导入文件不是机构导入模板：缺少列「机构名称、机构类型」"]);
    for (const [bytes, name, msg] of cases) {
      const r = await upload(bytes, name);
      expect(r.status, name).toBe(400);
      expect(r.body.msg, name).toBe(msg);
    }
    const json = await t.request("/api/blade-system/dept/import", { token: admin, json: {} });
    expect(json.status).toBe(400);
  });

  it("needs the import button's code", async () => {
    await t.createUser({ account: "plainimport", password: "Passw0rd!x", roleAliases: ["user"] });
    const plain = (await t.login("plainimport", "Passw0rd!x")).access_token;
    expect((await upload(await filled([["无权", null, "部门", null, null, null, null, 1, null]]), "x.xlsx", plain)).status).toBe(403);
    expect(await lazyList({ deptName: "无权" })).toEqual([]);
  });
});
