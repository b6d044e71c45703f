import { appCategory } from "../../db/schema";
import { trimDateTime } from "../../db/time";

export type CategoryRow = typeof appCategory.$inferSelect;

export interface CategoryNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  categoryName: string;
  sort: number;
  remark: string;
  createTime: string;
  type: "category";
  hasChildren: boolean;
  children: object[];
}

const bySort = (a: { sort: number; id: string }, b: { sort: number; id: string }) =>
  a.sort - b.sort || (BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0);

/**
 * The tree nodes (`{id, parentId, title, key, value, children, hasChildren}`, CONTRACT.md) of a
 * tenant's categories; `leaves` hangs extra children (the enabled apps of getAppList) under a
 * category after its sub-categories. A row whose parent is gone shows at the top, never lost.
 */
export function categoryTree(rows: CategoryRow[], leaves: (categoryId: string) => object[] = () => []): CategoryNode[] {
  const ids = new Set(rows.map((r) => r.id));
  const nodes = new Map<string, CategoryNode>();
  for (const r of [...rows].sort(bySort)) {
    nodes.set(r.id, {
      id: r.id,
      parentId: r.parentId,
      title: r.categoryName,
      key: r.id,
      value: r.id,
      categoryName: r.categoryName,
      sort: r.sort,
      remark: r.remark,
      createTime: trimDateTime(r.createTime),
      type: "category",
      hasChildren: false,
      children: [],
    });
  }
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId !== "0" && ids.has(node.parentId) ? nodes.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  for (const node of nodes.values()) {
    node.children.push(...leaves(node.id));
    node.hasChildren = node.children.length > 0;
  }
  return roots;
}

/** A category and every category below it (the app page's category filter). */
export function subtreeIds(rows: Pick<CategoryRow, "id" | "parentId">[], rootId: string): string[] {
  const children = new Map<string, string[]>();
  for (const r of rows) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  const out = new Set<string>();
  const queue = rows.some((r) => r.id === rootId) ? [rootId] : [];
  while (queue.length) {
    const id = queue.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    queue.push(...(children.get(id) ?? []));
  }
  return [...out];
}
