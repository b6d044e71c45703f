/**
 * Which pages a user reaches, and through which top menu: the one answer the side menu, the route
 * guard and the server's 权限解释 share (§6). Pure functions over the menu answers of the API.
 *
 * The rule. `menus` is what the user's roles hold (/menu/routes). A tenant's top menus group those
 * pages: a top entry shows the granted pages it holds (/menu/routes?topMenuId=), and a granted page
 * that no top entry holds is shown under every top entry, after its own pages — so a grant always
 * reaches its user, and placing a page under a top menu only decides where it is listed. Without
 * top menus (the administrator, or a tenant that has none) the side menu is the whole tree.
 */
import type { MenuNode } from "./index";

/** The top entry whose side menu is its children rather than itself (§6, 'backend management'). */
export const BACKEND_MENU_NAME = "后台管理";

/** Route meta a menu node may carry: `meta.roles` (role aliases allowed to see it) and `meta.group`. */
export type LayoutMenuNode = MenuNode & { meta?: { roles?: string[] | string; group?: string[] }; group?: string[] };

/** A top entry and the granted menus it holds (its /menu/routes?topMenuId= answer). */
export interface TopEntry {
  id: string;
  name: string;
  routes: MenuNode[];
}

export interface MenuReach {
  /** The granted menu tree (/menu/routes without a top menu). */
  menus: MenuNode[];
  /** The user's top entries in display order; empty for the administrator (§6) or without any. */
  tops: TopEntry[];
  /** The user's role aliases (meta.roles). */
  roles: string[];
}

/** Where a menu node is listed: the top entries that show it, and whether it is ungrouped. */
export interface Placement {
  reachable: boolean;
  /** Top entries whose side menu lists it (every one for an ungrouped page). */
  topIds: string[];
  /** Held by no top entry (listed under each of them). */
  ungrouped: boolean;
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

/** A menu path and the route that shows it: `/x/index` and `/x` are the same page. */
export function samePage(menuPath: string, routePath: string): boolean {
  const strip = (p: string) => p.replace(/\/index$/, "").replace(/\/+$/, "") || "/";
  return strip(menuPath) === strip(routePath);
}

/** The chain of nodes from a root to the first node `hit` accepts, or [] when none does. */
export function findTrailWhere(nodes: MenuNode[] | undefined, hit: (n: LayoutMenuNode) => boolean): MenuNode[] {
  for (const node of nodes ?? []) {
    if (hit(node)) return [node];
    const below = findTrailWhere(node.children, hit);
    if (below.length) return [node, ...below];
  }
  return [];
}

/** The chain of menu nodes from a root to the node that shows `path`, or [] when none does. */
export function findTrail(nodes: MenuNode[] | undefined, path: string): MenuNode[] {
  return findTrailWhere(nodes, (n) => Boolean(n.path) && samePage(n.path, path));
}

/** The side menu a top entry answers: under 后台管理 the roots give way to what is below them. */
export function sideMenuFor(top: Pick<TopEntry, "name">, routes: MenuNode[]): MenuNode[] {
  if (top.name !== BACKEND_MENU_NAME) return routes;
  return routes.flatMap((r) => (r.children?.length ? r.children : [r]));
}

/** The forest without the nodes `keep` rejects, and without menus left with nothing to open. */
function prune(nodes: MenuNode[], keep: (n: MenuNode) => boolean): MenuNode[] {
  return nodes.flatMap((n) => {
    if (menuChildren(n).length === 0) return keep(n) ? [n] : [];
    const children = prune(n.children ?? [], keep);
    return children.some((c) => c.category !== 2) ? [{ ...n, children }] : [];
  });
}

/** Two forests as one: nodes of the same id merge, their children merged in turn. */
function merge(a: MenuNode[], b: MenuNode[]): MenuNode[] {
  const out = a.map((n) => ({ ...n }));
  for (const n of b) {
    const same = out.find((o) => o.id === n.id);
    if (!same) out.push(n);
    else if (n.children?.length) same.children = merge(same.children ?? [], n.children);
  }
  return out;
}

/** The granted pages no top entry holds. */
function ungroupedTree(reach: Pick<MenuReach, "menus" | "tops">): MenuNode[] {
  const grouped = new Set(reach.tops.flatMap((t) => flatten(t.routes).map((n) => n.id)));
  return prune(reach.menus, (n) => !grouped.has(n.id));
}

/** The side menu under a top entry (the whole tree without top entries). */
export function sideMenu(reach: MenuReach, topId: string | null): MenuNode[] {
  if (reach.tops.length === 0) return visibleFor(reach.menus, reach.roles);
  const top = reach.tops.find((t) => t.id === topId) ?? reach.tops[0];
  // A top entry lists only what the roles hold (its answer may be older than the grant tree).
  const held = new Set(flatten(reach.menus).map((n) => n.id));
  const own = prune(sideMenuFor(top, top.routes), (n) => held.has(n.id));
  return visibleFor(merge(own, ungroupedTree(reach)), reach.roles);
}

/** Where the node `hit` accepts is listed, and so whether the route guard lets its user open it. */
export function placeOf(reach: MenuReach, hit: (n: MenuNode) => boolean): Placement {
  if (reach.tops.length === 0) {
    return { reachable: findTrailWhere(sideMenu(reach, null), hit).length > 0, topIds: [], ungrouped: false };
  }
  const topIds = reach.tops.filter((t) => findTrailWhere(sideMenu(reach, t.id), hit).length > 0).map((t) => t.id);
  const ungrouped = topIds.length > 0 && !reach.tops.some((t) => findTrailWhere(t.routes, hit).length > 0);
  return { reachable: topIds.length > 0, topIds, ungrouped };
}

/** Whether the route guard opens `path` (a menu path, `/x` or `/x/index`). */
export const canOpenPath = (reach: MenuReach, path: string): boolean =>
  placeOf(reach, (n) => Boolean(n.path) && samePage(n.path, path)).reachable;
