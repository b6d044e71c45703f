import type { Context } from "hono";
import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { ResourceSpec } from "../../../domain/validation";
import type { AppEnv } from "../../context";
import { dict, dictBiz } from "../../db/schema";
import { plainVO } from "../../kit/crud";
import { queryParam } from "../../http/body";
import { badRequest } from "../../http/errors";
import type { TenantScope } from "../../security/tenant-scope";

/** blade_dict (platform-wide) or blade_dict_biz (per tenant): one module factory serves both. */
export type DictTable = typeof dict | typeof dictBiz;
export type DictRow = typeof dict.$inferSelect & { tenantId?: string };

export interface DictResource {
  spec: ResourceSpec;
  table: DictTable;
  /** Business dictionaries: rows belong to a tenant, and a code's entries are the tenant's own. */
  biz: boolean;
}

export const MSG = {
  missing: "字典不存在",
  parentMissing: "上级字典不存在",
  otherCode: "上级字典须属于同一字典",
  cycle: "上级字典不能是自身或其下级",
  level: "不可更改字典的层级",
  sealedEdit: "已封存的字典不可修改",
  sealedRemove: "已封存的字典不可删除",
  codeTaken: "字典编号已存在",
  keyTaken: "字典键值已存在",
  hasChildren: "请先删除子节点",
} as const;

export const ROOT = "0";
/** BladeX names the parent of roots 顶级 in parentName. */
const TOP_PARENT_NAME = "顶级";

/**
 * The scope reading one tenant's copy of the business dictionaries; system dictionaries have no
 * tenant column, so confining the scope changes nothing for them.
 */
export const inTenant = (scope: TenantScope, tenantId: string | undefined): TenantScope => (tenantId ? scope.forTenant(tenantId) : scope);

/** A query-string value that is safe to bind (Postgres refuses NUL), or undefined when blank. */
export function textParam(c: Context<AppEnv>, name: string): string | undefined {
  const value = queryParam(c, name);
  if (!value) return undefined;
  if (value.length > 255 || /\p{Cc}/u.test(value)) throw badRequest(`查询参数格式错误: ${name}`);
  return value;
}

/** The tenant whose dictionaries a read covers: the caller's; the administrator may name another. */
export const readTenantOf = (c: Context<AppEnv>, scope: TenantScope) => textParam(c, "tenantId") ?? scope.tenantId;

export type DictVO = DictRow & { parentName: string; hasChildren: boolean; children?: DictVO[] };

/** BladeX's DictVO: the row with its parent's name and whether live children exist. */
export async function dictVO(scope: TenantScope, res: DictResource, rows: DictRow[]): Promise<DictVO[]> {
  if (rows.length === 0) return [];
  const t = res.table;
  const known = new Map(rows.map((r) => [r.id, r.dictValue]));
  const parentIds = [...new Set(rows.map((r) => r.parentId).filter((p) => p !== ROOT && !known.has(p)))];
  const parents = parentIds.length ? ((await scope.repo(t).list(inArray(t.id, parentIds))) as DictRow[]) : [];
  for (const p of parents) known.set(p.id, p.dictValue);
  const withChildren = (await scope.repo(t).list(inArray(t.parentId, rows.map((r) => r.id)))) as DictRow[];
  const parentsOfSome = new Set(withChildren.map((r) => r.parentId));
  return rows.map((r) => ({
    ...plainVO(r),
    parentName: r.parentId === ROOT ? TOP_PARENT_NAME : (known.get(r.parentId) ?? ""),
    hasChildren: parentsOfSome.has(r.id),
  }));
}

/** Rows of `code` (root and entries); read through `inTenant`, they are one tenant's. */
export function ofCode(res: DictResource, code: string, extra?: SQL): SQL {
  const t = res.table;
  return and(eq(t.code, code), extra)!;
}
