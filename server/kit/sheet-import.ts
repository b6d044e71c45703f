import type { Context } from "hono";
import type { Worksheet } from "exceljs";
import { fileExtension } from "../../domain/validation";
import { readMultipart } from "../http/body";
import { badRequest } from "../http/errors";
import { XLSX_TYPE, loadExcel, readFirstSheet } from "./xlsx-guard";

/**
 * The parts every Excel import shares (the department import in modules/dept/import.ts grew them):
 * a template download with a notes sheet, and the upload read into rows keyed by column with
 * Excel's row numbers, its header checked, blank rows skipped, a row limit and the xlsx guard.
 * What a row means and the per-row report stay with the module.
 */
export interface SheetColumn<K extends string> {
  key: K;
  /** The header as the template writes it; `*` is added to a required column's. */
  header: string;
  required?: boolean;
  width: number;
}

export interface SheetImport<K extends string> {
  columns: readonly SheetColumn<K>[];
  /** What the template is called in messages: 目录导入模板. */
  templateName: string;
  /** The template's sheet and download names. */
  sheetName: string;
  fileName: { zh: string; ascii: string };
  notes: string[];
  maxRows: number;
  /** What the zip may declare once unpacked. */
  maxUnzippedBytes: number;
}

export interface SheetRow<K extends string> {
  /** The row number as Excel shows it. */
  row: number;
  cells: Record<K, string>;
}

const headerOf = (col: SheetColumn<string>) => `${col.header}${col.required ? "*" : ""}`;

/** GET of the template: the header row (frozen, bold) and the notes, as an authenticated download. */
export async function templateResponse<K extends string>(c: Context, def: SheetImport<K>, decorate?: (sheet: Worksheet) => void): Promise<Response> {
  const ExcelJS = await loadExcel();
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(def.sheetName);
  sheet.columns = def.columns.map((col) => ({ header: headerOf(col), key: col.key, width: col.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  decorate?.(sheet);
  const notes = book.addWorksheet("填写说明");
  notes.getColumn(1).width = 100;
  def.notes.forEach((line, i) => (notes.getCell(i + 1, 1).value = line));
  const bytes = new Uint8Array(await book.xlsx.writeBuffer());
  return c.body(bytes, 200, {
    "Content-Type": XLSX_TYPE,
    "Content-Length": String(bytes.length),
    "Content-Disposition": `attachment; filename="${def.fileName.ascii}"; filename*=UTF-8''${encodeURIComponent(def.fileName.zh)}`,
    "Cache-Control": "no-store",
  });
}

/** Duck-typed: under jsdom (console tests through MSW) the parts are not instances of the global File. */
const isFile = (part: unknown): part is File =>
  typeof part === "object" && part !== null && typeof (part as File).arrayBuffer === "function" && typeof (part as File).name === "string";

/** The data rows of the first sheet, its header checked against the template's required columns. */
function readRows<K extends string>(sheet: Worksheet, def: SheetImport<K>): SheetRow<K>[] {
  const positions = new Map<K, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const text = cell.text.replace(/[*\s]/g, "");
    const found = def.columns.find((c) => c.header.replace(/\s/g, "") === text);
    if (found) positions.set(found.key, col);
  });
  const missing = def.columns.filter((c) => c.required && !positions.has(c.key));
  if (missing.length) throw badRequest(`导入文件不是${def.templateName}：缺少列「${missing.map((c) => c.header).join("、")}」`);
  const rows: SheetRow<K>[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells = Object.fromEntries(def.columns.map((c) => [c.key, positions.has(c.key) ? row.getCell(positions.get(c.key)!).text.trim() : ""])) as Record<K, string>;
    if (Object.values(cells).every((v) => v === "")) continue;
    if (rows.length === def.maxRows) throw badRequest(`一次最多导入${def.maxRows}行，请分批导入`);
    rows.push({ row: r, cells });
  }
  return rows;
}

/**
 * POST of an import (multipart `file`, other text fields returned as `form`): the rows of the
 * uploaded template, or a 400 saying what is wrong with the file. An empty file is refused.
 */
export async function readUploadedRows<K extends string>(c: Context, def: SheetImport<K>): Promise<{ rows: SheetRow<K>[]; form: Record<string, string | File> }> {
  if (!(c.req.header("content-type") ?? "").includes("multipart/form-data")) throw badRequest("请使用multipart/form-data上传文件");
  const form = await readMultipart(c);
  const file = form.file;
  if (!isFile(file)) throw badRequest("请选择要导入的文件");
  // Some clients send a part without its file name (a bare "blob"): then the content decides.
  const extension = fileExtension(file.name);
  if (extension !== "" && extension !== "xlsx") throw badRequest(`请上传 xlsx 格式的${def.templateName}`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const sheet = await readFirstSheet(bytes, { maxUnzippedBytes: def.maxUnzippedBytes, notReadable: `文件无法读取，请使用下载的${def.templateName}（xlsx）` });
  const rows = readRows(sheet, def);
  if (rows.length === 0) throw badRequest("导入文件中没有数据");
  return { rows, form };
}
