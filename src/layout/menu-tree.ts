import type { MenuNode } from "../../domain/contract";
import { findTrail, findTrailWhere, flatten, samePage } from "../../domain/contract/menu-reach";

// The tree walks the side menu, the route guard and the server's 权限解释 share live in the contract.
export {
  findTrail,
  flatten,
  menuChildren,
  menuLeaves,
  roleAliases,
  samePage,
  visibleFor,
  type LayoutMenuNode,
} from "../../domain/contract/menu-reach";

/** External links (isOpen=2 with an http(s) URL) open in a new window (§2). */
export function isExternal(node: Pick<MenuNode, "isOpen" | "path">): boolean {
  return node.isOpen === 2 && /^https?:\/\//i.test(node.path ?? "");
}

/** URL or html menu paths that are not external links open in the embedded frame (§2). */
export function isFramed(node: Pick<MenuNode, "isOpen" | "path">): boolean {
  const path = node.path ?? "";
  return !isExternal(node) && (/^https?:\/\//i.test(path) || /\.html?(\?.*)?$/i.test(path));
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
