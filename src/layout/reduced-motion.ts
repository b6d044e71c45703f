/**
 * The operating system's "reduce motion" setting (`prefers-reduced-motion: reduce`), followed live.
 * With it on, Root turns antd's motion and click wave off: dialogs, drawers, menus and messages
 * appear and go at once instead of zooming and sliding (WCAG 2.3.3; vestibular disorders).
 */
import { useSyncExternalStore } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

function media(): MediaQueryList | null {
  return typeof window !== "undefined" && typeof window.matchMedia === "function" ? window.matchMedia(QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener("change", onChange);
  return () => list?.removeEventListener("change", onChange);
}

export const prefersReducedMotion = (): boolean => media()?.matches ?? false;

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
