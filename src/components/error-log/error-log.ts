/**
 * The local error log of §8: uncaught UI errors kept in client storage (`errorLog`) as
 * `{type, message, stack, info, url, time}`, counted by the top bar's badge, uploaded or cleared
 * from its dialog.
 */
import { useSyncExternalStore } from "react";
import dayjs from "dayjs";
import type { R } from "../../../domain/contract";
import { http } from "../../providers/http";
import { getStore, onStoreChange, removeStore, setStore } from "../../providers/storage";
import { API } from "../../../domain/contract/api";

export const ERROR_LOG_KEY = "errorLog";
export const ERROR_UPLOAD_PATH = API.post("/blade-log/error/upload");
/** Oldest entries drop out beyond this, so a crash loop cannot fill the storage quota. */
export const MAX_ENTRIES = 200;

export type ErrorLogType = "error" | "unhandledrejection" | "react";

export interface ErrorLogEntry {
  type: ErrorLogType | string;
  message: string;
  stack: string;
  info: string;
  url: string;
  time: string;
}

const EMPTY: ErrorLogEntry[] = [];
let cached: ErrorLogEntry[] | null = null;
const listeners = new Set<() => void>();

onStoreChange((name) => {
  if (name !== null && name !== ERROR_LOG_KEY) return;
  cached = null;
  listeners.forEach((l) => l());
});

export function getErrorLog(): ErrorLogEntry[] {
  if (!cached) {
    const saved = getStore<ErrorLogEntry[]>({ name: ERROR_LOG_KEY });
    cached = Array.isArray(saved) ? saved : EMPTY;
  }
  return cached;
}

/** Benign browser noise that is no application error. */
const ignored = [/^ResizeObserver loop/i, /^Script error\.?$/i];

export function recordError(entry: Partial<ErrorLogEntry> & { message: string }): void {
  if (ignored.some((re) => re.test(entry.message))) return;
  const full: ErrorLogEntry = {
    type: entry.type ?? "error",
    message: entry.message,
    stack: entry.stack ?? "",
    info: entry.info ?? "",
    url: entry.url ?? window.location.href,
    time: entry.time ?? dayjs().format("YYYY-MM-DD HH:mm:ss"),
  };
  try {
    setStore({ name: ERROR_LOG_KEY, content: [...getErrorLog(), full].slice(-MAX_ENTRIES), type: "local" });
  } catch {
    // storage full or refused: losing a log entry must not raise another error
  }
}

export function clearErrorLog(): void {
  removeStore({ name: ERROR_LOG_KEY });
}

/** Sends every local entry to the server (`{ logs: [...] }`); the local copy is then dropped. */
export async function uploadErrorLog(): Promise<void> {
  const logs = getErrorLog();
  await http.post<R<unknown>>(ERROR_UPLOAD_PATH, { logs });
  clearErrorLog();
}

const describeReason = (reason: unknown): { message: string; stack: string } => {
  if (reason instanceof Error) return { message: reason.message || reason.name, stack: reason.stack ?? "" };
  if (typeof reason === "string") return { message: reason, stack: "" };
  try {
    return { message: JSON.stringify(reason) ?? String(reason), stack: "" };
  } catch {
    return { message: String(reason), stack: "" };
  }
};

/** Records window errors and unhandled promise rejections; returns the uninstaller. */
export function installErrorCapture(target: Window = window): () => void {
  const onError = (e: ErrorEvent) => {
    const { message, stack } = e.error !== undefined && e.error !== null ? describeReason(e.error) : { message: e.message, stack: "" };
    recordError({ type: "error", message: message || e.message, stack, info: e.filename ? `${e.filename}:${e.lineno}:${e.colno}` : "" });
  };
  const onRejection = (e: PromiseRejectionEvent) => {
    recordError({ type: "unhandledrejection", ...describeReason(e.reason) });
  };
  target.addEventListener("error", onError);
  target.addEventListener("unhandledrejection", onRejection);
  return () => {
    target.removeEventListener("error", onError);
    target.removeEventListener("unhandledrejection", onRejection);
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const useErrorLog = (): ErrorLogEntry[] => useSyncExternalStore(subscribe, getErrorLog, getErrorLog);
