import type { MenuNode } from "../contract";
import { menuLeaves } from "./menu-tree";

/** The menu pages whose name starts with the text typed, ignoring case (§2); all of them for no text. */
export function searchMenu(nodes: MenuNode[] | undefined, text: string): MenuNode[] {
  const prefix = text.trim().toLocaleLowerCase();
  return menuLeaves(nodes).filter((n) => (n.name ?? "").toLocaleLowerCase().startsWith(prefix));
}
