import type { CheckNode } from "./grant-check";
import type { GrantTree } from "../../../../domain/resources/system/role/contract";

/**
 * Where each node of the menu grant tree is listed for the role's users (contract/menu-reach.ts):
 * the names of the top menus holding it, or `null` — held by none, so listed under every top menu.
 * Answers the nodes whose placement differs from their parent's, so the tree is tagged where it
 * changes, not on every line. Empty without top menus (a real BladeX gateway, or none configured).
 */
export function topPlacement(nodes: CheckNode[], topMenus: GrantTree["topMenus"]): Map<string, string[] | null> {
  const out = new Map<string, string[] | null>();
  if (!topMenus?.length) return out;
  const held = topMenus.map((t) => ({ name: t.name, ids: new Set(t.menuIds) }));
  const walk = (list: CheckNode[], parent: string | undefined) => {
    for (const n of list) {
      const names = held.filter((t) => t.ids.has(n.key)).map((t) => t.name);
      const label = names.length ? names : null;
      const key = label ? label.join("、") : "";
      if (key !== parent) out.set(n.key, label);
      walk(n.children ?? [], key);
    }
  };
  walk(nodes, undefined);
  return out;
}
