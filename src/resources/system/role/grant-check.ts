/**
 * The check logic of the grant dialog's trees, pure so it can be tested apart from antd.
 *
 * Menu tree ("node" mode): every node is a grant of its own (a menu, or a button). Checking a node
 * checks everything below it and the path above it (a button is useless without its page);
 * unchecking it unchecks what is below it, so a page can be kept without some of its buttons.
 * Scope trees ("leaf" mode): only the leaves are grants (the scopes); their menus are headings
 * whose box shows whether all, some or none of their scopes are checked.
 * Disabled nodes (shown as the path to what the granter holds, not its to give) never change and
 * are never sent.
 */
export interface CheckNode {
  key: string;
  title: string;
  disabled?: boolean;
  children?: CheckNode[];
}

export interface TreeIndex {
  parent: Map<string, string>;
  children: Map<string, string[]>;
  disabled: Set<string>;
  all: string[];
  leaves: Set<string>;
}

export function indexTree(nodes: CheckNode[]): TreeIndex {
  const index: TreeIndex = { parent: new Map(), children: new Map(), disabled: new Set(), all: [], leaves: new Set() };
  const walk = (list: CheckNode[], parent?: string) => {
    for (const n of list) {
      index.all.push(n.key);
      if (parent !== undefined) index.parent.set(n.key, parent);
      if (n.disabled) index.disabled.add(n.key);
      const kids = n.children ?? [];
      index.children.set(n.key, kids.map((c) => c.key));
      if (kids.length === 0) index.leaves.add(n.key);
      walk(kids, n.key);
    }
  };
  walk(nodes);
  return index;
}

function below(index: TreeIndex, key: string): string[] {
  const out: string[] = [];
  const stack = [...(index.children.get(key) ?? [])];
  while (stack.length) {
    const k = stack.pop()!;
    out.push(k);
    stack.push(...(index.children.get(k) ?? []));
  }
  return out;
}

function above(index: TreeIndex, key: string): string[] {
  const out: string[] = [];
  for (let k = index.parent.get(key); k !== undefined; k = index.parent.get(k)) out.push(k);
  return out;
}

/** Node mode: the checked set after the user (un)checks `key`. */
export function toggleNode(index: TreeIndex, checked: ReadonlySet<string>, key: string, on: boolean): Set<string> {
  const next = new Set(checked);
  const changed = [key, ...below(index, key), ...(on ? above(index, key) : [])].filter((k) => !index.disabled.has(k));
  for (const k of changed) {
    if (on) next.add(k);
    else next.delete(k);
  }
  return next;
}

/** Leaf mode: the checked leaves after the user (un)checks `key` (a leaf, or a heading: all its leaves). */
export function toggleLeaves(index: TreeIndex, checked: ReadonlySet<string>, key: string, on: boolean): Set<string> {
  const next = new Set(checked);
  const leaves = index.leaves.has(key) ? [key] : below(index, key).filter((k) => index.leaves.has(k));
  for (const k of leaves.filter((l) => !index.disabled.has(l))) {
    if (on) next.add(k);
    else next.delete(k);
  }
  return next;
}

/** Leaf mode: what the boxes show — headings checked when all their leaves are, half when some are. */
export function leafState(index: TreeIndex, checked: ReadonlySet<string>): { checked: string[]; halfChecked: string[] } {
  const full: string[] = [];
  const half: string[] = [];
  for (const key of index.all) {
    const leaves = index.leaves.has(key) ? [key] : below(index, key).filter((k) => index.leaves.has(k));
    const on = leaves.filter((l) => checked.has(l)).length;
    if (leaves.length > 0 && on === leaves.length) full.push(key);
    else if (on > 0) half.push(key);
  }
  return { checked: full, halfChecked: half };
}

/** The ids to send: checked nodes of this tree the granter may give (leaves only in leaf mode). */
export function grantedKeys(index: TreeIndex, checked: ReadonlySet<string>, mode: "node" | "leaf"): string[] {
  return index.all.filter((k) => checked.has(k) && !index.disabled.has(k) && (mode === "node" || index.leaves.has(k)));
}

/** The nodes whose title holds `keyword`, each with everything below it, and the path to them. */
export function filterNodes(nodes: CheckNode[], keyword: string): CheckNode[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return nodes;
  return nodes.flatMap((n) => {
    if (n.title.toLowerCase().includes(k)) return [n];
    const children = filterNodes(n.children ?? [], keyword);
    return children.length ? [{ ...n, children }] : [];
  });
}
