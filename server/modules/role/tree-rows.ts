import { badRequest } from "../../http/errors";
import { isIdOrRoot } from "../../db/ids";

/** A row of a tenant's tree table (roles, role categories). */
export interface TreeRow {
  id: string;
  parentId: string;
  tenantId: string;
}

/** `rootId` and every row below it. */
export function subtreeIds(rows: TreeRow[], rootId: string): string[] {
  const children = new Map<string, string[]>();
  for (const r of rows) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  const out: string[] = [];
  const stack = [rootId];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.includes(id)) continue; // a stored cycle must not loop forever
    out.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/** "0" for a missing or blank parent (the top); else the id as sent, checked for shape. */
export function parentOf(value: unknown, label: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (value === "" || value === "0") return "0";
  if (!isIdOrRoot(value)) throw badRequest(`${label}格式不正确`, [{ field: "parentId", message: `${label}格式不正确` }]);
  return value;
}

/**
 * Refuses a parent that is not a row of the same tenant, or that is the row itself or below it
 * (a move would cut the branch off the tree). `rows` are the visible rows of the row's tenant.
 */
export function checkParent(rows: TreeRow[], parentId: string, tenantId: string, label: string, selfId?: string): void {
  if (parentId === "0") return;
  const refuse = (message: string) => {
    throw badRequest(message, [{ field: "parentId", message }]);
  };
  const parent = rows.find((r) => r.id === parentId);
  if (!parent || parent.tenantId !== tenantId) refuse(`${label}不存在`);
  if (selfId && subtreeIds(rows, selfId).includes(parentId)) refuse(`${label}不能是自己或自己的下级`);
}
