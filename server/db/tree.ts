/**
 * Blade's ForestNodeMerger: nodes become children of the node named by parentId; a node whose
 * parent is not in the list becomes a root, so filtered lists still render. Input order is kept
 * among siblings, and empty children are omitted (as Blade's NON_EMPTY does).
 */
export function buildForest<T extends { id: string; parentId: string; children?: T[] }>(nodes: T[]): T[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const roots: T[] = [];
  for (const node of nodes) {
    const parent = node.parentId !== node.id ? byId.get(node.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** TreeNode of the contract from any row with an id, a parent and a title. */
export function treeNode(id: string, parentId: string, title: string, hasChildren?: boolean) {
  return { id, parentId, title, key: id, value: id, ...(hasChildren === undefined ? {} : { hasChildren }) };
}

/** hasChildren for every node of a built forest (true iff it has children). */
export function markHasChildren<T extends { children?: T[]; hasChildren?: boolean }>(forest: T[]): T[] {
  for (const node of forest) {
    node.hasChildren = !!node.children?.length;
    if (node.children) markHasChildren(node.children);
  }
  return forest;
}
