import type { MenuNode } from "../../domain/contract";

/** The route of the embedded frame (§2); the lead mounts IframePage there. */
export const IFRAME_ROUTE = "/myiframe/urlPath";

/**
 * The frame route for a URL or html menu item: the item's own scalar fields become query
 * parameters (as §2 asks) and `src` carries the address the frame shows.
 */
export function toIframePath(node: MenuNode): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(node)) {
    if (key === "children" || value === null || value === undefined || typeof value === "object") continue;
    params.set(key, String(value));
  }
  params.set("src", node.path);
  return `${IFRAME_ROUTE}?${params.toString()}`;
}

/**
 * The address a frame may show: only http(s), resolved against our origin so that a relative
 * `.html` path works and `javascript:` or `data:` never reach the iframe.
 */
export function safeFrameUrl(src: string | null | undefined, origin = window.location.origin): URL | null {
  if (!src) return null;
  try {
    const url = new URL(src, origin);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/**
 * The key of the page a location shows, for tags and menu activation: frame pages differ only by
 * their query, so it is part of their key; every other page is its path.
 */
export const pageKey = (pathname: string, search: string): string => (pathname === IFRAME_ROUTE ? `${pathname}${search}` : pathname);

/** The menu path a location shows: the framed address on the frame route, else the path. */
export function menuPathOf(pathname: string, search: string): string {
  if (pathname !== IFRAME_ROUTE) return pathname;
  return new URLSearchParams(search).get("src") ?? pathname;
}
