import type { ReactNode } from "react";
import { Link } from "react-router";
import type { MenuNode } from "../../../domain/contract";
import { toIframePath } from "../../layout/iframe-path";
import { isExternal, isFramed } from "../../layout/menu-tree";

/** A link that opens a menu item as the sidebar does (§2): new window, embedded frame, or its route. */
export function MenuLink({ node, children }: { node: MenuNode; children: ReactNode }) {
  if (isExternal(node)) {
    return (
      <a href={node.path} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return <Link to={isFramed(node) ? toIframePath(node) : node.path}>{children}</Link>;
}
