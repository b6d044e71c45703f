import type { MenuNode } from "../../domain/contract";
import { menuLeaves } from "./menu-tree";

/**
 * The menu pages whose name, as `nameOf` shows it, starts with the text typed, ignoring case (§2);
 * all of them for no text.
 */
export function searchMenu(nodes: MenuNode[] | undefined, text: string, nameOf: (n: MenuNode) => string = (n) => n.name ?? ""): MenuNode[] {
  const prefix = text.trim().toLocaleLowerCase();
  return menuLeaves(nodes).filter((n) => nameOf(n).toLocaleLowerCase().startsWith(prefix));
}
