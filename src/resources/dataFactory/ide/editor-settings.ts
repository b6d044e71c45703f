import { getStore, setStore } from "../../../providers/storage";

/** §9 editor timings. */
export const SYNTAX_CHECK_DELAY_MS = 500;
export const CHANGE_EMIT_DELAY_MS = 100;
export const SCROLL_EMIT_DELAY_MS = 300;
/** §9: the console counts as open when the window exceeds the viewport by this much. */
export const CONSOLE_THRESHOLD_PX = 180;

/** §4: the HQL syntax check, switched by a context-menu action and remembered (isParserClose). */
export const PARSER_CLOSE_KEY = "isParserClose";
export const isParserClosed = () => getStore<boolean>({ name: PARSER_CLOSE_KEY }) === true;
export const setParserClosed = (closed: boolean) => setStore({ name: PARSER_CLOSE_KEY, content: closed, type: "local" });

/** Whether the browser's developer tools are docked beside or below the page (§2). */
export function consoleLooksOpen(win: Pick<Window, "outerWidth" | "innerWidth" | "outerHeight" | "innerHeight">): boolean {
  return win.outerWidth - win.innerWidth > CONSOLE_THRESHOLD_PX || win.outerHeight - win.innerHeight > CONSOLE_THRESHOLD_PX;
}

/** Calls `fn` once calls have stopped for `ms`; `cancel` drops a pending call. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): ((...args: A) => void) & { cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (...args: A) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, ms);
  };
  run.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  return run;
}
