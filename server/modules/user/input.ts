import { and, eq, inArray } from "drizzle-orm";
import { ADMINISTRATOR_ALIAS } from "../../../domain/contract";
import { normalizeIdNumber, patterns, type FieldError } from "../../../domain/validation";
import { userSpec } from "../../../domain/resources/system/user/spec";
import { validateUser } from "../../../domain/resources/system/user/validate";
import { isId, isIdList, splitIds } from "../../db/ids";
import { dept, post, role } from "../../db/schema";
import { parseDateTime } from "../../db/time";
import { badRequest, forbidden } from "../../http/errors";
import { isOwnFileLink } from "../../kit/file-link";
import { checkNewPassword, loadPasswordPolicy } from "../../security/password-policy";
import type { TenantScope } from "../../security/tenant-scope";
import { assertWithinOwnGrants } from "./grantable";

/** 400 with the first message, every field error in `data` for the form to show beside fields. */
export function fieldErrors(errors: FieldError[]): never {
  throw badRequest(errors[0].message, errors);
}

const optionalString = (field: string, label: string, max: number) => (body: Record<string, unknown>): FieldError | null => {
  const v = body[field];
  if (v === undefined || v === null) return null;
  if (typeof v !== "string") return { field, message: `${label}必须是字符串` };
  return [...v].length > max ? { field, message: `${label}长度不能超过${max}个字符` } : null;
};

export const MSG_AVATAR = "头像地址格式不正确,只能是上传的文件或 http(s) 地址";

/**
 * An avatar is shown in an <img> to whoever lists the user: our own stored file, or an http(s)
 * URL, never `javascript:`, `data:` or anything else a browser would run or parse.
 */
function avatarError(body: Record<string, unknown>): FieldError | null {
  const typeOrLength = optionalString("avatar", "头像", 2000)(body);
  const v = body.avatar;
  if (typeOrLength || typeof v !== "string" || v.trim() === "") return typeOrLength;
  if (isOwnFileLink(v.trim()) || patterns.url.test(v.trim())) return null;
  return { field: "avatar", message: MSG_AVATAR };
}

/** 用户平台: the values of the user_type dictionary, as the user spec declares them (also update-platform's). */
export const USER_TYPES: readonly number[] = (userSpec.fields.userType.oneOf ?? []).map(Number);
const USER_TYPE_VALUES = new Set(USER_TYPES.map(String));
export const MSG_USER_TYPE = "用户平台取值不正确";

/** What validateUser leaves to the server: fields it ignores, and types it does not check. */
const SERVER_CHECKS = [
  avatarError,
  optionalString("tenantId", "租户ID", 12),
  (body: Record<string, unknown>): FieldError | null => {
    const v = body.userType;
    if (v === undefined || v === null || v === "") return null;
    const known = (typeof v === "number" || typeof v === "string") && USER_TYPE_VALUES.has(String(v));
    return known ? null : { field: "userType", message: MSG_USER_TYPE };
  },
];

/** Field names as the form labels them (the spec's labels). */
const LABELS: Record<string, string> = Object.fromEntries(Object.entries(userSpec.fields).map(([name, f]) => [name, f.label.zh]));

/** Every field error of a body, as submit and update judge it (the import reports them per row). */
export function bodyErrors(body: Record<string, unknown>, mode: "create" | "update"): FieldError[] {
  // Shared messages such as "{field}类型错误" carry the JSON key; users read the label instead.
  const errors = validateUser(body, mode).map((e) =>
    e.message.startsWith(e.field) && LABELS[e.field] ? { ...e, message: LABELS[e.field] + e.message.slice(e.field.length) } : e,
  );
  for (const check of SERVER_CHECKS) {
    const e = check(body);
    if (e) errors.push(e);
  }
  return errors;
}

export function validateBody(body: Record<string, unknown>, mode: "create" | "update"): void {
  const errors = bodyErrors(body, mode);
  if (errors.length) fieldErrors(errors);
}

/**
 * Create: the checks of validateBody, with the password judged by the password policy of the new
 * user's tenant, so that a refused password reads as the policy (and the console) words it.
 */
export async function validateNewUser(scope: TenantScope, body: Record<string, unknown>): Promise<void> {
  let errors = bodyErrors(body, "create");
  if (typeof body.password === "string" && body.password !== "") {
    const tenantId = scope.readTenant(typeof body.tenantId === "string" ? body.tenantId : undefined) ?? scope.tenantId;
    const problem = checkNewPassword(await loadPasswordPolicy(scope, tenantId), body.password);
    const others = errors.filter((e) => e.field !== "password");
    if (problem) errors = [{ field: "password", message: problem }, ...others.filter((e) => e.field !== "password2")];
  }
  if (errors.length) fieldErrors(errors);
}

/** The id of an update: a string (19-digit ids do not survive JSON numbers). */
export function requireId(value: unknown, message = "用户ID不能为空"): string {
  if (value === undefined || value === null || value === "") throw badRequest(message, [{ field: "id", message }]);
  if (!isId(value)) throw badRequest("用户ID格式不正确", [{ field: "id", message: "用户ID格式不正确" }]);
  return value;
}

const present = (v: unknown) => v !== undefined && v !== null;
const normaliseIds = (v: unknown) => [...new Set(splitIds(String(v)))].join(",");

/** A validated birthday as the column takes it; a date validation admitted but parsing cannot place is refused, never dropped. */
function birthdayOf(value: unknown): string | null {
  if (value === "") return null;
  const parsed = parseDateTime(String(value));
  if (!parsed) fieldErrors([{ field: "birthday", message: "用户生日不是有效的日期" }]);
  return parsed;
}

/** The columns a body sets (only the fields it carries; the password never through here). */
export function userColumns(body: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const f of ["account", "name", "realName", "email", "phone", "code", "avatar"] as const) {
    if (present(body[f])) out[f] = String(body[f]).trim();
  }
  for (const f of ["roleId", "deptId", "postId"] as const) if (present(body[f])) out[f] = normaliseIds(body[f]);
  if (present(body.sex) && body.sex !== "") out.sex = Number(body.sex);
  if (present(body.userType) && body.userType !== "") out.userType = Number(body.userType);
  if (present(body.birthday)) out.birthday = birthdayOf(body.birthday);
  if (present(body.idType)) out.idType = body.idType === "" ? null : Number(body.idType);
  if (present(body.idNumber)) out.idNumber = normalizeIdNumber(String(body.idNumber));
  return out as Partial<{
    account: string; name: string; realName: string; email: string; phone: string; code: string; avatar: string;
    roleId: string; deptId: string; postId: string; sex: number; userType: number; birthday: string | null;
    idType: number | null; idNumber: string;
  }>;
}

/**
 * Role, dept and post ids must be live rows of the user's tenant; the administrator role is
 * handed out only by the administrator (otherwise user_add would be a way to become one), and
 * no role granting more than the caller holds (grantable.ts).
 */
export async function checkReferences(
  scope: TenantScope,
  tenantId: string,
  cols: { roleId?: string; deptId?: string; postId?: string },
): Promise<void> {
  const errors: FieldError[] = [];
  const check = async (field: "roleId" | "deptId" | "postId", message: string) => {
    const ids = splitIds(cols[field]);
    if (ids.length === 0) return;
    if (!isIdList(ids)) return void errors.push({ field, message });
    const table = field === "roleId" ? role : field === "deptId" ? dept : post;
    const found = await scope.repo(table).list(inArray(table.id, ids), { tenantId });
    if (found.length !== ids.length) errors.push({ field, message });
  };
  await check("roleId", "所选角色不存在");
  await check("deptId", "所选机构不存在");
  await check("postId", "所选岗位不存在");
  if (errors.length) fieldErrors(errors);
  if (!scope.crossTenant && (await hasAdministratorRole(scope, cols.roleId))) throw forbidden(MSG_NO_ADMIN_ROLE);
  await assertWithinOwnGrants(scope, splitIds(cols.roleId));
}

export const MSG_NO_ADMIN_ROLE = "无权分配超级管理员角色";

/** Whether these role ids, as far as the caller can see them, include the administrator role. */
export async function hasAdministratorRole(scope: TenantScope, roleIds: string | undefined): Promise<boolean> {
  const ids = splitIds(roleIds);
  if (ids.length === 0 || !isIdList(ids)) return false;
  return (await scope.repo(role).count(and(inArray(role.id, ids), eq(role.roleAlias, ADMINISTRATOR_ALIAS)))) > 0;
}
