/** Window-size rules of §9: the screen level, the root font size and the 1920x1080 tip. */
import { useEffect, useSyncExternalStore } from "react";
import { website } from "../config/website";

/** The breakpoint level of a width: 1200 → 3, 992 → 2, 768 → 1, else 0. */
export const screenLevel = (width: number): number => website.breakpoints.find((b) => width >= b.min)?.level ?? 0;

/** The root font size of a width: width / 1366 × 13 px. */
export const rootFontSize = (width: number): number => (width / 1366) * 13;

/** Smaller than the reference screen in either direction. */
export const belowReference = (width: number, height: number): boolean =>
  width < website.referenceScreen.width || height < website.referenceScreen.height;

function subscribeResize(listener: () => void) {
  window.addEventListener("resize", listener);
  return () => window.removeEventListener("resize", listener);
}

const width = () => window.innerWidth;
const height = () => window.innerHeight;

export const useWindowWidth = (): number => useSyncExternalStore(subscribeResize, width, width);
export const useWindowHeight = (): number => useSyncExternalStore(subscribeResize, height, height);

/** The §9 breakpoint level of the window, following resizes. */
export const useScreenLevel = (): number => screenLevel(useWindowWidth());

/** Keeps `document.documentElement.style.fontSize` at width/1366×13 px while mounted. */
export function useRootFontSize(): void {
  const w = useWindowWidth();
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.fontSize;
    root.style.fontSize = `${rootFontSize(w)}px`;
    return () => {
      root.style.fontSize = before;
    };
  }, [w]);
}
