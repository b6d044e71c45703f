import { createContext, useContext, useEffect } from "react";

/** §9 "tree width": 5 px per character of the longest title, plus 10 padding, plus 130. */
export const TREE_WIDTH_PER_CHAR = 5;
export const TREE_WIDTH_PADDING = 10;
export const TREE_WIDTH_BASE = 130;

/** Titles of a tree, every level. */
export const treeTitles = (nodes: readonly { title: string; children?: readonly unknown[] | null }[]): string[] =>
  nodes.flatMap((n) => [n.title, ...treeTitles((n.children ?? []) as { title: string; children?: unknown[] }[])]);

/** The width a tree needs for these titles by the §9 rule (characters, not bytes: 部门 is 2). */
export function treeWidth(titles: Iterable<string>): number {
  let longest = 0;
  for (const title of titles) longest = Math.max(longest, [...String(title ?? "")].length);
  return longest * TREE_WIDTH_PER_CHAR + TREE_WIDTH_PADDING + TREE_WIDTH_BASE;
}

/** Where a tree tells the aside it sits in (WithAside) the width it needs. */
export const AsideWidthContext = createContext<((width: number) => void) | null>(null);

/** A tree that sizes itself: reports treeWidth(titles) to the aside around it, if any. */
export function useAsideWidth(width: number): void {
  const report = useContext(AsideWidthContext);
  useEffect(() => report?.(width), [report, width]);
}
