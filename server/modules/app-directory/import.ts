import type { Context } from "hono";
import { eq, inArray } from "drizzle-orm";
import { DIRECTORY_IMPORT_MAX_ROWS, appDirectorySpec } from "../../../domain/resources/applicationManagement/resourceDirectory/spec";
import { validateResource, valuesOf } from "../../../domain/validation";
import type { AppEnv } from "../../context";
import { app, appDirectory, user } from "../../db/schema";
import { readUploadedRows, templateResponse, type SheetImport } from "../../kit/sheet-import";
import { replaceApps } from "./service";

const f = appDirectorySpec.fields;
const SHEET: SheetImport<"directoryName" | "directoryCode" | "parentCode" | "sort" | "ownerAccount" | "appCodes" | "description"> = {
  columns: [
    { key: "directoryName", header: f.directoryName.label.zh, required: true, width: 20 },
    { key: "directoryCode", header: f.directoryCode.label.zh, required: true, width: 18 },
    { key: "parentCode", header: "上级目录编码", width: 18 },
    { key: "sort", header: f.sort.label.zh, width: 8 },
    { key: "ownerAccount", header: "负责人账号", width: 16 },
    { key: "appCodes", header: "应用编码", width: 30 },
    { key: "description", header: f.description.label.zh, width: 30 },
  ],
  templateName: "目录导入模板",
  sheetName: "目录导入",
  fileName: { zh: "目录导入模板.xlsx", ascii: "directory-template.xlsx" },
  notes: [
    "1. 第一行为表头，请勿修改；带 * 的列必须填写，空行会被跳过。",
    "2. 目录编码：字母、数字及 . _ - :，在本租户内唯一；已存在的目录不会被覆盖。",
    "3. 上级目录编码：已有目录或本文件前面行的目录编码；留空表示顶级目录。某行失败时，以它为上级的行也会失败。",
    "4. 排序：0 到 99999 的整数，留空为 1。",
    "5. 负责人账号：本租户用户的账号，可留空。",
    "6. 应用编码：该目录包含的应用，多个用英文逗号或顿号分隔，可留空。",
    `7. 每次最多导入 ${DIRECTORY_IMPORT_MAX_ROWS} 行；导入的目录均为启用状态。`,
  ],
  maxRows: DIRECTORY_IMPORT_MAX_ROWS,
  // A template of 2,000 rows unpacks to about 1 MB; anything far beyond is no such file.
  maxUnzippedBytes: 10 * 1024 * 1024,
};

/** GET /export-template. */
export const directoryTemplate = (c: Context<AppEnv>) => templateResponse(c, SHEET);

export interface DirectoryImportReport {
  total: number;
  success: number;
  failed: number;
  /** One entry per refused row, in file order. */
  errors: { row: number; directoryName: string; message: string }[];
}

/**
 * POST /import (multipart `file`, optional `tenantId` for the platform administrator): every valid
 * row is created in one transaction in file order (a row may name as parent a directory an earlier
 * row made); each refused row is reported with its Excel row number and why. Nothing existing changes.
 */
export async function importDirectories(c: Context<AppEnv>): Promise<DirectoryImportReport> {
  const { rows, form } = await readUploadedRows(c, SHEET);
  const scope = c.var.scope;
  const tenantId = await scope.writeTenant(typeof form.tenantId === "string" ? form.tenantId : undefined);
  const report: DirectoryImportReport = { total: rows.length, success: 0, failed: 0, errors: [] };
  await scope.transaction(async (tx) => {
    const mine = tx.forTenant(tenantId);
    // Two imports of one tenant at once would both see a code as free.
    await tx.lock(tenantId, "app-directory-import");
    const codes = new Map((await mine.repo(appDirectory).list()).map((d) => [d.directoryCode, d.id]));
    const wantedApps = [...new Set(rows.flatMap((r) => splitCodes(r.cells.appCodes)))];
    const apps = new Map((wantedApps.length ? await mine.repo(app).list(inArray(app.appCode, wantedApps)) : []).map((a) => [a.appCode, a.id]));
    for (const { row, cells } of rows) {
      const refuse = (message: string) => report.errors.push({ row, directoryName: cells.directoryName, message });
      const body = { directoryName: cells.directoryName, directoryCode: cells.directoryCode, sort: cells.sort === "" ? 1 : cells.sort, description: cells.description };
      const errors = validateResource(appDirectorySpec, body, "create");
      if (errors.length) {
        refuse(errors.map((e) => e.message).join("；"));
        continue;
      }
      if (codes.has(cells.directoryCode)) {
        refuse(`目录编码「${cells.directoryCode}」已存在`);
        continue;
      }
      const parentId = cells.parentCode === "" ? "0" : codes.get(cells.parentCode);
      if (parentId === undefined) {
        refuse(`上级目录编码「${cells.parentCode}」不存在`);
        continue;
      }
      let ownerId = "0";
      if (cells.ownerAccount !== "") {
        const [owner] = await mine.repo(user).list(eq(user.account, cells.ownerAccount));
        if (!owner) {
          refuse(`负责人账号「${cells.ownerAccount}」不存在`);
          continue;
        }
        ownerId = owner.id;
      }
      const appCodes = splitCodes(cells.appCodes);
      const unknown = appCodes.filter((code) => !apps.has(code));
      if (unknown.length) {
        refuse(`应用编码「${unknown.join("、")}」不存在`);
        continue;
      }
      const values = valuesOf(appDirectorySpec, body, "create");
      const id = await mine.repo(appDirectory).insert({ ...values, parentId, ownerId }, tenantId);
      await replaceApps(tx, id, tenantId, appCodes.map((code) => apps.get(code)!));
      codes.set(cells.directoryCode, id);
      report.success++;
    }
  });
  report.failed = report.errors.length;
  return report;
}

/** `a,b、c` → the distinct codes. */
const splitCodes = (text: string) => [...new Set(text.split(/[,，、\s]+/).map((s) => s.trim()).filter(Boolean))];
