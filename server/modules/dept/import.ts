import type { Context } from "hono";
import type { Worksheet } from "exceljs";
import { DEPT_BUTTON_CODES, DEPT_CATEGORIES, DEPT_IMPORT_MAX_ROWS, deptSpec } from "../../../domain/resources/system/dept/spec";
import { fileExtension, validateResource, valuesOf } from "../../../domain/validation";
import type { AppEnv } from "../../context";
import { dept } from "../../db/schema";
import { readMultipart } from "../../http/body";
import { badRequest } from "../../http/errors";
import { dictLabels } from "../../kit/dict-labels";
import { type TenantScope } from "../../security/tenant-scope";
import { ancestorsUnder, MAX_ANCESTORS_LENGTH, TOP } from "./paths";
import { lockTree } from "./write";
import { XLSX_TYPE, loadExcel, readFirstSheet } from "../../kit/xlsx-guard";

export const DEPT_IMPORT_CODE = DEPT_BUTTON_CODES.import;

/**
 * A template of 5,000 rows unpacks to about 3 MB; anything far beyond is no such file, and would
 * cost exceljs (which holds a whole workbook in memory) many times that.
 */
const MAX_UNZIPPED_BYTES = 10 * 1024 * 1024;
const TEMPLATE_NAME = "机构导入模板.xlsx";

/** The template's columns, in order: a spec field each, plus the parent as a path of names. */
const COLUMNS = [
  { key: "deptName", width: 20 },
  { key: "parentPath", width: 32 },
  { key: "deptCategory", width: 12 },
  { key: "fullName", width: 28 },
  { key: "linkMan", width: 12 },
  { key: "phone", width: 16 },
  { key: "mailbox", width: 24 },
  { key: "sort", width: 8 },
  { key: "remark", width: 30 },
] as const;
type ColumnKey = (typeof COLUMNS)[number]["key"];

const PARENT_HEADER = "上级机构";
const header = (key: ColumnKey) => {
  if (key === "parentPath") return PARENT_HEADER;
  const f = deptSpec.fields[key];
  return `${f.label.zh}${f.required ? "*" : ""}`;
};

const NOTES = [
  "1. 第一行为表头，请勿修改；带 * 的列必须填写，空行会被跳过。",
  "2. 上级机构：从顶级机构起的完整路径，用 / 分隔，例如：刀锋科技/常州刀锋；名称唯一时可只填名称；留空表示顶级机构。",
  "3. 上级机构可以是本文件前面行新增的机构；某行失败时，以它为上级的行也会失败。",
  "4. 机构类型：{categories}。",
  "5. 联系电话：11 位手机号码；联系邮箱：有效的邮箱地址。",
  "6. 排序：0 到 99999 的整数，留空为 1。",
  "7. 同一上级机构下不能有同名机构；已存在的机构不会被覆盖。",
  `8. 每次最多导入 ${DEPT_IMPORT_MAX_ROWS} 行。`,
];


/** Category label (or key) → key, from the org_category dictionary, else the built-in names. */
async function categoryKeys(scope: TenantScope): Promise<Map<string, number>> {
  const labels = await dictLabels(scope, "org_category");
  const entries = labels.size ? [...labels].map(([k, v]) => [Number(k), v] as const) : Object.entries(DEPT_CATEGORIES).map(([k, v]) => [Number(k), v] as const);
  return new Map(entries.flatMap(([key, label]) => [[label, key], [String(key), key]]));
}

/** GET /export-template: the import template as an authenticated download. */
export async function importTemplate(c: Context<AppEnv>): Promise<Response> {
  const ExcelJS = await loadExcel();
  const categories = [...(await categoryKeys(c.var.scope)).keys()].filter((k) => !/^\d+$/.test(k));
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("机构导入");
  sheet.columns = COLUMNS.map((col) => ({ header: header(col.key), key: col.key, width: col.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  const categoryColumn = COLUMNS.findIndex((col) => col.key === "deptCategory") + 1;
  for (let row = 2; row <= 1001; row++) {
    sheet.getCell(row, categoryColumn).dataValidation = { type: "list", allowBlank: false, formulae: [`"${categories.join(",")}"`] };
  }
  const notes = book.addWorksheet("填写说明");
  notes.getColumn(1).width = 100;
  NOTES.forEach((line, i) => (notes.getCell(i + 1, 1).value = line.replace("{categories}", categories.join("、"))));
  const bytes = new Uint8Array(await book.xlsx.writeBuffer());
  return c.body(bytes, 200, {
    "Content-Type": XLSX_TYPE,
    "Content-Length": String(bytes.length),
    "Content-Disposition": `attachment; filename="dept-template.xlsx"; filename*=UTF-8''${encodeURIComponent(TEMPLATE_NAME)}`,
    "Cache-Control": "no-store",
  });
}

/** Duck-typed: under jsdom (console tests through MSW) the parts are not instances of the global File. */
const isFile = (part: unknown): part is File =>
  typeof part === "object" && part !== null && typeof (part as File).arrayBuffer === "function" && typeof (part as File).name === "string";

interface SheetRow {
  /** The row number as Excel shows it. */
  row: number;
  cells: Record<ColumnKey, string>;
}

/** The data rows of the template's first sheet, its header checked; blank rows skipped. */
function readRows(sheet: Worksheet): SheetRow[] {
  const positions = new Map<ColumnKey, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const text = cell.text.replace(/[*\s]/g, "");
    const found = COLUMNS.find((c) => header(c.key).replace("*", "") === text);
    if (found) positions.set(found.key, col);
  });
  const missing = COLUMNS.filter((c) => !positions.has(c.key) && (c.key === "deptName" || c.key === "deptCategory"));
  if (missing.length) throw badRequest(`导入文件不是机构导入模板：缺少列「${missing.map((c) => header(c.key).replace("*", "")).join("、")}」`);
  const rows: SheetRow[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells = Object.fromEntries(COLUMNS.map((c) => [c.key, positions.has(c.key) ? row.getCell(positions.get(c.key)!).text.trim() : ""])) as Record<ColumnKey, string>;
    if (Object.values(cells).every((v) => v === "")) continue;
    if (rows.length === DEPT_IMPORT_MAX_ROWS) throw badRequest(`一次最多导入${DEPT_IMPORT_MAX_ROWS}行，请分批导入`);
    rows.push({ row: r, cells });
  }
  return rows;
}

async function readSheet(file: File): Promise<SheetRow[]> {
  // Some clients send a part without its file name (a bare "blob"): then the content decides.
  const extension = fileExtension(file.name);
  if (extension !== "" && extension !== "xlsx") throw badRequest("请上传 xlsx 格式的机构导入模板");
  const bytes = new Uint8Array(await file.arrayBuffer());
  return readRows(await readFirstSheet(bytes, { maxUnzippedBytes: MAX_UNZIPPED_BYTES, notReadable: "文件无法读取，请使用下载的机构导入模板（xlsx）" }));
}

interface Known {
  id: string;
  parentId: string;
  ancestors: string;
  deptName: string;
}

/** The tenant's departments by parent and by name, growing as rows are imported. */
class TreeIndex {
  private readonly children = new Map<string, Known[]>();
  private readonly named = new Map<string, Known[]>();

  add(d: Known): void {
    (this.children.get(d.parentId) ?? this.children.set(d.parentId, []).get(d.parentId)!).push(d);
    (this.named.get(d.deptName) ?? this.named.set(d.deptName, []).get(d.deptName)!).push(d);
  }

  child(parentId: string, name: string): Known[] {
    return (this.children.get(parentId) ?? []).filter((d) => d.deptName === name);
  }

  /** The department a path of names (or one unique name) denotes, or why there is none. */
  resolve(path: string): Known | undefined | string {
    const names = path.split("/").map((s) => s.trim()).filter(Boolean);
    if (names.length === 0) return undefined;
    let at: Known | undefined;
    for (const name of names) {
      const found = this.child(at?.id ?? TOP, name);
      if (found.length > 1) return `上级机构「${path}」有多个同名机构，无法确定`;
      if (found.length === 0) {
        if (names.length > 1) return `上级机构「${path}」不存在`;
        const anywhere = this.named.get(name) ?? [];
        if (anywhere.length === 1) return anywhere[0];
        return anywhere.length ? `有多个名为「${name}」的机构，请填写从顶级机构起的完整路径` : `上级机构「${path}」不存在`;
      }
      at = found[0];
    }
    return at;
  }
}

export interface ImportReport {
  total: number;
  success: number;
  failed: number;
  /** One entry per refused row, in file order. */
  errors: { row: number; deptName: string; message: string }[];
}

/** The checked values of one row, or its messages. */
function rowValues(cells: Record<ColumnKey, string>, categories: Map<string, number>): Record<string, unknown> | string {
  const category = cells.deptCategory === "" ? undefined : categories.get(cells.deptCategory);
  if (cells.deptCategory !== "" && category === undefined) {
    return `机构类型「${cells.deptCategory}」不存在，应为${[...categories.keys()].filter((k) => !/^\d+$/.test(k)).join("、")}之一`;
  }
  const body: Record<string, unknown> = { ...cells, deptCategory: category, sort: cells.sort === "" ? 1 : cells.sort };
  delete body.parentPath;
  const errors = validateResource(deptSpec, body, "create");
  if (errors.length) return errors.map((e) => e.message).join("；");
  return valuesOf(deptSpec, body, "create");
}

/**
 * POST /import (multipart `file`, optional `tenantId` for the administrator): every valid row is
 * created in one transaction, in file order, so a row may name a department an earlier row made;
 * every refused row is reported with its Excel row number and why. Nothing existing is changed.
 */
export async function importDepts(c: Context<AppEnv>): Promise<ImportReport> {
  if (!(c.req.header("content-type") ?? "").includes("multipart/form-data")) throw badRequest("请使用multipart/form-data上传文件");
  const form = await readMultipart(c);
  if (!isFile(form.file)) throw badRequest("请选择要导入的文件");
  const rows = await readSheet(form.file);
  if (rows.length === 0) throw badRequest("导入文件中没有数据");
  const scope = c.var.scope;
  const tenantId = await scope.writeTenant(typeof form.tenantId === "string" ? form.tenantId : undefined);
  const categories = await categoryKeys(scope);
  const report: ImportReport = { total: rows.length, success: 0, failed: 0, errors: [] };
  await scope.transaction(async (tx) => {
    await lockTree(tx, tenantId);
    const repo = tx.repo(dept);
    const index = new TreeIndex();
    for (const d of await repo.list(undefined, { tenantId })) index.add(d);
    for (const { row, cells } of rows) {
      const refuse = (message: string) => report.errors.push({ row, deptName: cells.deptName, message });
      const values = rowValues(cells, categories);
      if (typeof values === "string") {
        refuse(values);
        continue;
      }
      const parent = index.resolve(cells.parentPath);
      if (typeof parent === "string") {
        refuse(parent);
        continue;
      }
      if (index.child(parent?.id ?? TOP, cells.deptName).length) {
        refuse(`${parent ? `「${parent.deptName}」下` : "顶级机构中"}已有名为「${cells.deptName}」的机构`);
        continue;
      }
      const ancestors = ancestorsUnder(parent);
      if (ancestors.length > MAX_ANCESTORS_LENGTH) {
        refuse("机构层级过深");
        continue;
      }
      const parentId = parent?.id ?? TOP;
      const id = await repo.insert({ ...values, parentId, ancestors, fullName: values.fullName || values.deptName }, tenantId);
      index.add({ id, parentId, ancestors, deptName: cells.deptName });
      report.success++;
    }
  });
  report.failed = report.errors.length;
  return report;
}
