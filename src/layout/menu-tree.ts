import type { MenuNode } from "../contract";

/**
 * Menu nodes may carry route meta the contract does not name: `meta.roles` (role aliases allowed
 * to see the item) and `meta.group` (other paths that activate it, e.g. its detail pages).
 */
export type LayoutMenuNode = MenuNode & { meta?: { roles?: string[] | string; group?: string[] }; group?: string[] };

/** External links (isOpen=2 with an http(s) URL) open in a new window (§2). */
export function isExternal(node: Pick<MenuNode, "isOpen" | "path">): boolean {
  return node.isOpen === 2 && /^https?:\/\//i.test(node.path ?? "");
}

/** URL or html menu paths that are not external links open in the embedded frame (§2). */
export function isFramed(node: Pick<MenuNode, "isOpen" | "path">): boolean {
  const path = node.path ?? "";
  return !isExternal(node) && (/^https?:\/\//i.test(path) || /\.html?(\?.*)?$/i.test(path));
}

/** A menu path and the route that shows it: `/x/index` and `/x` are the same page. */
export function samePage(menuPath: string, routePath: string): boolean {
  const strip = (p: string) => p.replace(/\/index$/, "").replace(/\/+$/, "") || "/";
  return strip(menuPath) === strip(routePath);
}

/** The chain of menu nodes from a root to the node that shows `path`, or [] when none does. */
export function findTrail(nodes: MenuNode[] | undefined, path: string): MenuNode[] {
  return findTrailWhere(nodes, (n) => Boolean(n.path) && samePage(n.path, path));
}

function findTrailWhere(nodes: MenuNode[] | undefined, hit: (n: LayoutMenuNode) => boolean): MenuNode[] {
  for (const node of nodes ?? []) {
    if (hit(node)) return [node];
    const below = findTrailWhere(node.children, hit);
    if (below.length) return [node, ...below];
  }
  return [];
}

const segments = (p: string) => p.split(/[/?#]/).filter(Boolean);

/**
 * The trail of the menu item a route activates. Detail pages have no menu item of their own, so
 * after the exact page we try, in order: a node listing the path in its group, a node whose alias
 * names a segment of the path (the resource-management aliases of §2), and the deepest node whose
 * path is a prefix of the route.
 */
export function findActiveTrail(nodes: MenuNode[] | undefined, path: string): MenuNode[] {
  const exact = findTrail(nodes, path);
  if (exact.length) return exact;
  const byGroup = findTrailWhere(nodes, (n) => [...(n.meta?.group ?? []), ...(n.group ?? [])].some((g) => samePage(g, path)));
  if (byGroup.length) return byGroup;
  const parts = segments(path);
  const all = flatten(nodes).filter((n) => n.category !== 2);
  // Of the nodes whose alias is a segment, the one sharing most leading segments with the route.
  const shared = (n: MenuNode) => {
    const own = segments(n.path ?? "");
    let i = 0;
    while (i < own.length && own[i] === parts[i]) i++;
    return i;
  };
  const aliased = all.filter((n) => n.alias && parts.includes(n.alias)).sort((a, b) => shared(b) - shared(a))[0];
  if (aliased) return findTrailWhere(nodes, (n) => n === aliased);
  const prefix = all
    .filter((n) => n.path?.startsWith("/") && path.startsWith(`${n.path.replace(/\/index$/, "")}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
  return prefix ? findTrailWhere(nodes, (n) => n === prefix) : [];
}

/** The role aliases of a `role_name` such as "administrator,admin". */
export const roleAliases = (roleName: string | undefined | null): string[] =>
  (roleName ?? "").split(",").map((r) => r.trim()).filter(Boolean);

/** Keeps the nodes whose `meta.roles` (when present) share a role with the user (§2). */
export function visibleFor(nodes: MenuNode[] | undefined, roles: string[]): MenuNode[] {
  return (nodes ?? []).flatMap((node: LayoutMenuNode) => {
    const wanted = node.meta?.roles;
    const list = typeof wanted === "string" ? roleAliases(wanted) : (wanted ?? []);
    if (list.length && !list.some((r) => roles.includes(r))) return [];
    return [node.children ? { ...node, children: visibleFor(node.children, roles) } : node];
  });
}

/** Every node of the forest, depth first. */
export function flatten(nodes: MenuNode[] | undefined): MenuNode[] {
  return (nodes ?? []).flatMap((n) => [n, ...flatten(n.children)]);
}

/** Menu children that are menus (category 2 nodes are buttons). */
export const menuChildren = (node: MenuNode): MenuNode[] => node.children?.filter((c) => c.category !== 2) ?? [];

/** The pages of the tree: menu nodes with a path and no menu children. */
export const menuLeaves = (nodes: MenuNode[] | undefined): MenuNode[] =>
  flatten(nodes).filter((n) => n.category !== 2 && n.path && menuChildren(n).length === 0);
