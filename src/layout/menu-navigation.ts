import { useCallback, type MouseEvent } from "react";
import { useNavigate } from "react-router";
import type { MenuNode } from "../../domain/contract";
import { toIframePath } from "./iframe-path";
import { isExternal, isFramed } from "./menu-tree";

/** Where a menu item leads, as an address a browser can open in a tab of its own. */
export function menuHref(node: MenuNode): string {
  if (isExternal(node)) return node.path;
  return isFramed(node) ? toIframePath(node) : node.path;
}

/**
 * A click the page handles itself: the main button without a modifier. Ctrl/Cmd/Shift/Alt-clicks
 * (and the middle button, which sends no click at all) are the browser's: a new tab or window.
 */
export const isPlainClick = (e: Pick<MouseEvent, "button" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey">) =>
  e.button === 0 && !e.ctrlKey && !e.metaKey && !e.shiftKey && !e.altKey;

/** Opens a menu item the way §2 says: new window, embedded frame, or the route itself. */
export function useOpenMenuNode(): (node: MenuNode) => void {
  const navigate = useNavigate();
  return useCallback(
    (node: MenuNode) => {
      if (isExternal(node)) window.open(node.path, "_blank", "noopener,noreferrer");
      else navigate(menuHref(node));
    },
    [navigate],
  );
}
