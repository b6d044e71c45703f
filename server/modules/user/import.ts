import { inArray } from "drizzle-orm";
import type { Worksheet } from "exceljs";
import { USER_IMPORT_MAX_ROWS } from "../../../domain/resources/system/user/spec";
import { fileExtension, normalizeIdNumber } from "../../../domain/validation";
import type { AppContext } from "../../context";
import { splitIds } from "../../db/ids";
import { user, userDept } from "../../db/schema";
import { badRequest } from "../../http/errors";
import { clip, isStorable } from "../../http/text";
import { dictLabels } from "../../kit/dict-labels";
import type { UserRow } from "../../kit/user-vo";
import { INIT_PASSWORD_KEY, readParam } from "../../security/params";
import { hashPlainPassword } from "../../security/password";
import { checkNewPassword, loadPasswordPolicy, recordPasswords } from "../../security/password-policy";
import type { TenantScope } from "../../security/tenant-scope";
import { IMPORT_COLUMNS, TENANT_COLUMN, headerKey, type ImportKey, type SheetColumn } from "./excel-columns";
import { assertAccountQuota } from "../../kit/account-quota";
import { keepingAdministrators } from "../../security/admin-guard";
import { bodyErrors, userColumns } from "./input";
import { MSG_NO_INIT_PASSWORD, initAgainstPolicy } from "./reset";
import { MSG_ID_NUMBER_TAKEN, MSG_MISSING, idNumberHolders, lockIdNumbers, syncUserDepts, uniqueAccount } from "./service";
import { TenantNames } from "./tenant-names";
import { readFirstSheet } from "../../kit/xlsx-guard";

/** What a template of USER_IMPORT_MAX_ROWS rows unpacks to is a few megabytes; far beyond is no such file. */
const MAX_UNZIPPED_BYTES = 40 * 1024 * 1024;
export const MSG_NOT_TEMPLATE = "文件无法读取,请使用下载的用户导入模板(xlsx)";

export interface ImportError {
  /** The row number as Excel shows it. */
  row: number;
  account: string;
  message: string;
}

export interface ImportReport {
  total: number;
  success: number;
  created: number;
  updated: number;
  failed: number;
  /** One entry per refused row, in file order. */
  errors: ImportError[];
}

interface SheetRow {
  row: number;
  cells: Record<ImportKey, string>;
}

const ALL_COLUMNS: SheetColumn[] = [TENANT_COLUMN, ...IMPORT_COLUMNS];

const pad = (n: number) => String(n).padStart(2, "0");

/** A cell as text: dates as YYYY-MM-DD (Excel keeps no time zone: its UTC fields are the date typed). */
function cellText(cell: { value: unknown; text: string }): string {
  if (cell.value instanceof Date) {
    const d = cell.value;
    return Number.isNaN(d.getTime()) ? "" : `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  }
  return (cell.text ?? "").trim();
}

/** The data rows of the first sheet, its header checked; blank rows skipped. */
function readRows(sheet: Worksheet): SheetRow[] {
  const positions = new Map<ImportKey, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const found = ALL_COLUMNS.find((c) => c.header === headerKey(cell.text ?? ""));
    if (found) positions.set(found.key as ImportKey, col);
  });
  const missing = IMPORT_COLUMNS.filter((c) => c.required && !positions.has(c.key as ImportKey));
  if (missing.length) throw badRequest(`导入文件不是用户导入模板: 缺少列「${missing.map((c) => c.header).join("、")}」`);
  const rows: SheetRow[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells = Object.fromEntries(
      ALL_COLUMNS.map((c) => [c.key, positions.has(c.key as ImportKey) ? cellText(row.getCell(positions.get(c.key as ImportKey)!)) : ""]),
    ) as Record<ImportKey, string>;
    if (Object.values(cells).every((v) => v === "")) continue;
    if (rows.length === USER_IMPORT_MAX_ROWS) throw badRequest(`一次最多导入${USER_IMPORT_MAX_ROWS}行,请分批导入`);
    rows.push({ row: r, cells });
  }
  return rows;
}

/** The rows of an uploaded .xlsx, after checking what it is and what it would unpack to. */
export async function readUserSheet(file: File): Promise<SheetRow[]> {
  if (fileExtension(file.name) !== "xlsx") throw badRequest("请上传 xlsx 格式的用户导入模板");
  const bytes = new Uint8Array(await file.arrayBuffer());
  return readRows(await readFirstSheet(bytes, { maxUnzippedBytes: MAX_UNZIPPED_BYTES, notReadable: MSG_NOT_TEMPLATE }));
}

/** Dictionary label (or key) → key: 男 → 1, WEB → 1 (labels compared case-insensitively). */
async function dictKeys(scope: TenantScope, code: string): Promise<{ keys: Map<string, number>; labels: string[] }> {
  const labels = await dictLabels(scope, code);
  const keys = new Map<string, number>();
  for (const [key, text] of labels) {
    keys.set(text.toLowerCase(), Number(key));
    keys.set(key, Number(key));
  }
  return { keys, labels: [...labels.values()] };
}

/** `1990-5-6`, `1990/05/06` or `1990-05-06 00:00:00` → `1990-05-06 00:00:00`; anything else as it came (then refused). */
function birthdayOf(text: string): string {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:\s+00:00(?::00)?)?$/.exec(text);
  return m ? `${m[1]}-${pad(Number(m[2]))}-${pad(Number(m[3]))} 00:00:00` : text;
}

interface Plan {
  row: number;
  tenantId: string;
  cols: ReturnType<typeof userColumns>;
  existing?: UserRow;
}

/** A field error as a report line, naming the column unless the message already does. */
const lineOf = (column: string, message: string) => (message.includes(column) ? message : `${column}: ${message}`);
const COLUMN_OF: Record<string, string> = Object.fromEntries(
  IMPORT_COLUMNS.map((c) => [c.key === "roleName" ? "roleId" : c.key === "deptName" ? "deptId" : c.key === "postName" ? "postId" : c.key, c.header]),
);

/**
 * POST /import (multipart `file`, `isCovered`): every valid row is written in one transaction —
 * new accounts get the initial password of the parameters, existing ones are updated when
 * `isCovered` is set — and every refused row is reported with its Excel row number and why.
 */
export async function importUsers(ctx: AppContext, scope: TenantScope, rows: SheetRow[], isCovered: boolean): Promise<ImportReport> {
  if (rows.length === 0) throw badRequest("导入文件中没有数据");
  const report: ImportReport = { total: rows.length, success: 0, created: 0, updated: 0, failed: 0, errors: [] };
  const names = new TenantNames(scope);
  const sexes = await dictKeys(scope, "sex");
  const types = await dictKeys(scope, "user_type");
  const idTypes = await dictKeys(scope, "id_type");
  const seen = new Map<string, number>();
  const seenIdNumbers = new Map<string, number>();
  const plans: Plan[] = [];

  for (const { row, cells } of rows) {
    const refuse = (message: string) => void report.errors.push({ row, account: clip(cells.account, 45), message });
    if (Object.values(cells).some((v) => !isStorable(v))) {
      refuse("包含非法字符");
      continue;
    }
    const tenantId = await names.tenant(cells.tenantId);
    if (tenantId === undefined) {
      refuse(`租户编号「${clip(cells.tenantId, 12)}」不存在`);
      continue;
    }
    const problems: string[] = [];
    const lookup = (text: string, dict: { keys: Map<string, number>; labels: string[] }, column: string) => {
      if (text === "") return undefined;
      const key = dict.keys.get(text.toLowerCase());
      if (key === undefined) problems.push(`${column}「${clip(text, 20)}」不正确,应为${dict.labels.join("、")}之一`);
      return key;
    };
    const sex = lookup(cells.sex, sexes, "用户性别");
    const userType = lookup(cells.userType, types, "用户平台");
    const idType = lookup(cells.idType, idTypes, "证件类型");
    const refs = await names.resolve(tenantId, cells);
    problems.push(...refs.problems);
    const body: Record<string, unknown> = {
      account: cells.account,
      realName: cells.realName,
      roleId: refs.roleId ?? (cells.roleName === "" ? "" : undefined),
      deptId: refs.deptId ?? (cells.deptName === "" ? "" : undefined),
    };
    for (const key of ["name", "code", "phone", "email"] as const) if (cells[key] !== "") body[key] = cells[key];
    if (refs.postId) body.postId = refs.postId;
    if (sex !== undefined) body.sex = sex;
    if (userType !== undefined) body.userType = userType;
    if (idType !== undefined) body.idType = idType;
    // A number is checked against its type: against a type already refused it would only add noise.
    if (cells.idNumber !== "" && (cells.idType === "" || idType !== undefined)) body.idNumber = cells.idNumber;
    if (cells.birthday !== "") body.birthday = birthdayOf(cells.birthday);
    problems.push(...bodyErrors(body, "update").map((e) => lineOf(COLUMN_OF[e.field] ?? e.field, e.message)));

    const key = `${tenantId}\u0000${cells.account}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) problems.push(`登录账号与第${earlier}行重复`);
    else if (cells.account) seen.set(key, row);
    const idNumber = normalizeIdNumber(cells.idNumber);
    const sameId = seenIdNumbers.get(`${tenantId}\u0000${idNumber}`);
    if (sameId !== undefined) problems.push(`证件号码与第${sameId}行重复`);
    else if (idNumber) seenIdNumbers.set(`${tenantId}\u0000${idNumber}`, row);
    if (problems.length) {
      refuse(problems.join("; "));
      continue;
    }
    plans.push({ row, tenantId, cols: userColumns(body) });
  }

  await attachExisting(scope, plans);
  const writes: Plan[] = [];
  for (const plan of plans) {
    const refuse = (message: string) => void report.errors.push({ row: plan.row, account: plan.cols.account ?? "", message });
    if (plan.existing && !isCovered) refuse("登录账号已存在(如需更新已有用户,请选择「覆盖已有用户」)");
    else if (plan.existing && (await names.isAdministrator(plan.existing.roleId))) refuse("无权操作超级管理员");
    else writes.push(plan);
  }

  const newAccounts = writes.filter((p) => !p.existing);
  const password = newAccounts.length ? await initialPasswordHash(ctx, [...new Set(newAccounts.map((p) => p.tenantId))]) : "";
  let written = writes;
  await uniqueAccount(() =>
    scope.transaction(async (tx) => {
      written = await withFreeIdNumbers(tx, writes, report);
      const creates = written.filter((p) => !p.existing);
      for (let i = 0; i < creates.length; i += 500) {
        await insertBatch(tx, creates.slice(i, i + 500), password, ctx.now());
      }
      const updates = written.filter((p) => p.existing);
      const updateAll = async () => {
        for (const plan of updates) {
          const { account: _, ...cols } = plan.cols;
          await tx.repo(user).update([plan.existing!.id], cols, MSG_MISSING);
          if (cols.deptId !== undefined) await syncUserDepts(tx, plan.existing!.id, cols.deptId);
        }
      };
      // Covered rows that change roles must leave each tenant an enabled administrator (admin-guard.ts).
      const roleChanges = updates.filter((p) => p.cols.roleId !== undefined && p.cols.roleId !== p.existing!.roleId);
      await (roleChanges.length ? keepingAdministrators(tx, roleChanges.map((p) => p.tenantId), "role", updateAll) : updateAll());
    }),
  );
  report.errors.sort((a, b) => a.row - b.row);
  report.created = written.filter((p) => !p.existing).length;
  report.updated = written.length - report.created;
  report.success = written.length;
  report.failed = report.errors.length;
  return report;
}

/**
 * The plans whose ID number no other live user of their tenant holds; the rest are refused into the
 * report. Inside the write's transaction and under lockIdNumbers, so the answer holds until it ends.
 */
async function withFreeIdNumbers(tx: TenantScope, plans: Plan[], report: ImportReport): Promise<Plan[]> {
  const byTenant = new Map<string, Plan[]>();
  for (const p of plans) if (p.cols.idNumber) byTenant.set(p.tenantId, [...(byTenant.get(p.tenantId) ?? []), p]);
  if (byTenant.size === 0) return plans;
  await lockIdNumbers(tx, byTenant.keys());
  const refused = new Set<Plan>();
  for (const [tenantId, list] of byTenant) {
    const holders = await idNumberHolders(tx, tenantId, list.map((p) => p.cols.idNumber!));
    for (const p of list) {
      if (!(holders.get(p.cols.idNumber!) ?? []).some((id) => id !== p.existing?.id)) continue;
      refused.add(p);
      report.errors.push({ row: p.row, account: p.cols.account ?? "", message: MSG_ID_NUMBER_TAKEN });
    }
  }
  return plans.filter((p) => !refused.has(p));
}

/** New users of one batch, stamped per tenant, with their user_dept links. */
async function insertBatch(tx: TenantScope, batch: Plan[], password: string, now: number): Promise<void> {
  const byTenant = new Map<string, Plan[]>();
  for (const p of batch) byTenant.set(p.tenantId, [...(byTenant.get(p.tenantId) ?? []), p]);
  for (const [tenantId, plans] of byTenant) {
    await assertAccountQuota(tx, tenantId, plans.length);
    const ids = await tx.repo(user).insertMany(plans.map((p) => ({ ...p.cols, password })), tenantId);
    await recordPasswords(tx, tenantId, ids, password, now, { newUsers: true });
    const links = plans.flatMap((p, n) => splitIds(p.cols.deptId).map((deptId) => ({ userId: ids[n], deptId })));
    if (links.length) await tx.platform(userDept).insert(links);
  }
}

/** The visible users whose accounts the plans name, per tenant (chunks of at most 1000). */
async function attachExisting(scope: TenantScope, plans: Plan[]): Promise<void> {
  const byTenant = new Map<string, Plan[]>();
  for (const p of plans) byTenant.set(p.tenantId, [...(byTenant.get(p.tenantId) ?? []), p]);
  for (const [tenantId, list] of byTenant) {
    for (let i = 0; i < list.length; i += 1000) {
      const chunk = list.slice(i, i + 1000);
      const found = await scope.repo(user).list(inArray(user.account, chunk.map((p) => p.cols.account!)), { tenantId });
      const byAccount = new Map(found.map((u) => [u.account, u]));
      for (const p of chunk) p.existing = byAccount.get(p.cols.account!);
    }
  }
}

/**
 * New accounts get the parameters' initial password, hashed once (they all share it anyway). It
 * must satisfy the password policy of every tenant receiving new accounts.
 */
async function initialPasswordHash(ctx: AppContext, tenantIds: string[]): Promise<string> {
  const initial = await readParam(ctx, INIT_PASSWORD_KEY);
  if (!initial) throw badRequest(MSG_NO_INIT_PASSWORD);
  for (const tenantId of tenantIds) {
    const weak = checkNewPassword(await loadPasswordPolicy(ctx, tenantId), initial);
    if (weak) throw badRequest(initAgainstPolicy(weak));
  }
  return hashPlainPassword(initial);
}

/** `isCovered` as consoles send it: 1/0, true/false, on; absent is false. */
export function parseCovered(value: unknown): boolean {
  const v = typeof value === "string" ? value.trim().toLowerCase() : "";
  if (["1", "true", "on", "yes"].includes(v)) return true;
  if (["", "0", "false", "off", "no"].includes(v)) return false;
  throw badRequest("isCovered 取值不正确,应为 1(覆盖已有用户) 或 0");
}
