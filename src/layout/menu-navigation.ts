import { useCallback } from "react";
import { useNavigate } from "react-router";
import type { MenuNode } from "../contract";
import { toIframePath } from "./iframe-path";
import { isExternal, isFramed } from "./menu-tree";

/** Opens a menu item the way §2 says: new window, embedded frame, or the route itself. */
export function useOpenMenuNode(): (node: MenuNode) => void {
  const navigate = useNavigate();
  return useCallback(
    (node: MenuNode) => {
      if (isExternal(node)) window.open(node.path, "_blank", "noopener,noreferrer");
      else if (isFramed(node)) navigate(toIframePath(node));
      else navigate(node.path);
    },
    [navigate],
  );
}
