import type { MenuNode } from "../contract";

/** External links (isOpen=2 with an http(s) URL) open in a new window (§2). */
export function isExternal(node: Pick<MenuNode, "isOpen" | "path">): boolean {
  return node.isOpen === 2 && /^https?:\/\//i.test(node.path ?? "");
}

/** A menu path and the route that shows it: `/x/index` and `/x` are the same page. */
export function samePage(menuPath: string, routePath: string): boolean {
  const strip = (p: string) => p.replace(/\/index$/, "").replace(/\/+$/, "") || "/";
  return strip(menuPath) === strip(routePath);
}

/** The chain of menu nodes from a root to the node that shows `path`, or [] when none does. */
export function findTrail(nodes: MenuNode[] | undefined, path: string): MenuNode[] {
  for (const node of nodes ?? []) {
    if (node.path && samePage(node.path, path)) return [node];
    const below = findTrail(node.children, path);
    if (below.length) return [node, ...below];
  }
  return [];
}

/** Every node of the forest, depth first. */
export function flatten(nodes: MenuNode[] | undefined): MenuNode[] {
  return (nodes ?? []).flatMap((n) => [n, ...flatten(n.children)]);
}
