import { userSpec } from "../../../domain/resources/system/user/spec";
import type { UserVO } from "../../../domain/contract";

/**
 * The columns of the users' spreadsheet, one definition for the template, the import and the
 * export: an exported file is a valid import (with "update existing" it writes the edits back).
 * Headers are the spec's labels; references are by name, as operators know them.
 */
export type ImportKey =
  | "tenantId" | "account" | "realName" | "name" | "code" | "phone" | "email"
  | "sex" | "birthday" | "userType" | "idType" | "idNumber" | "roleName" | "deptName" | "postName";

export interface SheetColumn {
  key: ImportKey | "status" | "createTime";
  header: string;
  width: number;
  required?: boolean;
}

const label = (field: keyof typeof userSpec.fields) => userSpec.fields[field].label.zh;

export const TENANT_COLUMN: SheetColumn = { key: "tenantId", header: "租户编号", width: 12 };

/** What an import reads, in the template's order. */
export const IMPORT_COLUMNS: SheetColumn[] = [
  { key: "account", header: label("account"), width: 16, required: true },
  { key: "realName", header: label("realName"), width: 12, required: true },
  { key: "name", header: label("name"), width: 12 },
  { key: "code", header: label("code"), width: 12 },
  { key: "phone", header: label("phone"), width: 14 },
  { key: "email", header: label("email"), width: 24 },
  { key: "sex", header: label("sex"), width: 10 },
  { key: "birthday", header: label("birthday"), width: 12 },
  { key: "userType", header: label("userType"), width: 10 },
  { key: "idType", header: label("idType"), width: 14 },
  { key: "idNumber", header: label("idNumber"), width: 22 },
  { key: "roleName", header: label("roleName"), width: 20, required: true },
  { key: "deptName", header: label("deptName"), width: 20, required: true },
  { key: "postName", header: label("postId"), width: 16 },
];

/** Written by the export only (an import ignores them). */
export const EXPORT_ONLY_COLUMNS: SheetColumn[] = [
  { key: "status", header: label("status"), width: 8 },
  { key: "createTime", header: "创建时间", width: 20 },
];

/** The platform administrator's sheets name each user's tenant; a tenant's own need not. */
export const columnsFor = (crossTenant: boolean, extra: SheetColumn[] = []): SheetColumn[] =>
  crossTenant ? [TENANT_COLUMN, ...IMPORT_COLUMNS, ...extra] : [...IMPORT_COLUMNS, ...extra];

/** The header as written: required columns marked with *, which a reader ignores. */
export const headerText = (c: SheetColumn) => (c.required ? `${c.header}*` : c.header);
export const headerKey = (text: string) => text.replace(/[*＊\s]/g, "");

/** Separators of several names in one cell: commas (ASCII or full width) and the enumeration comma. */
export const splitNames = (cell: string) =>
  cell
    .split(/[,，、]/)
    .map((s) => s.trim())
    .filter(Boolean);

export const STATUS_LABELS: Record<number, string> = { 1: "启用", 0: "停用" };

/** One exported row, by column key; `idTypes` names the ID types (dictionary id_type), as an import reads them. */
export function exportValues(u: UserVO, idTypes: ReadonlyMap<string, string> = new Map()): Record<SheetColumn["key"], string> {
  return {
    tenantId: u.tenantId,
    account: u.account,
    realName: u.realName,
    name: u.name,
    code: u.code,
    phone: u.phone,
    email: u.email,
    sex: u.sexName || String(u.sex ?? ""),
    birthday: u.birthday ? u.birthday.slice(0, 10) : "",
    userType: u.userTypeName || String(u.userType ?? ""),
    idType: u.idType === null || u.idType === undefined ? "" : (idTypes.get(String(u.idType)) ?? String(u.idType)),
    idNumber: u.idNumber ?? "",
    roleName: u.roleName,
    deptName: u.deptName,
    postName: u.postName,
    status: STATUS_LABELS[u.status] ?? String(u.status),
    createTime: u.createTime,
  };
}
