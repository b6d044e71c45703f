import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { website } from "../config/website";

/**
 * A route chunk that failed to arrive. The route boundary shows the load-error page for it,
 * because React.lazy caches the failure and only a reload can fetch the chunk again.
 */
export class ChunkLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ChunkLoadError";
  }
}

// Browsers word a failed dynamic import differently; a stale deployment (old chunk hashes) gives these.
const IMPORT_FAILURE = /dynamically imported module|importing a module script failed|loading (css )?chunk|preload css/i;

export function isChunkLoadError(e: unknown): boolean {
  if (e instanceof ChunkLoadError) return true;
  const err = e as { name?: unknown; message?: unknown } | null;
  return !!err && (err.name === "ChunkLoadError" || (typeof err.message === "string" && IMPORT_FAILURE.test(err.message)));
}

/** Rejects with a ChunkLoadError when the import fails or has not settled within `timeoutMs` (§8, §9). */
export function importWithTimeout<T>(importer: () => Promise<T>, timeoutMs: number = website.chunkLoadTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`route chunk not loaded within ${timeoutMs} ms`)), timeoutMs);
    let started: Promise<T>;
    try {
      started = importer();
    } catch (e) {
      started = Promise.reject(e);
    }
    started.then(
      (m) => {
        clearTimeout(timer);
        resolve(m);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof ChunkLoadError ? e : new ChunkLoadError(e instanceof Error ? e.message : String(e), { cause: e }));
      },
    );
  });
}

/** React.lazy for a route page, with the chunk-load timeout and a recognisable error. */
export function lazyRoute<P extends object = object>(
  importer: () => Promise<{ default: ComponentType<P> }>,
  timeoutMs: number = website.chunkLoadTimeoutMs,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => importWithTimeout(importer, timeoutMs));
}
