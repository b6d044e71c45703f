/**
 * The new-version check of §4/§8: the build writes `version.json` (scripts/vite-version-plugin.ts)
 * and the page carries the version it was built with in `<meta name="version">`.
 */
export const VERSION_URL = "/version.json";
export const VERSION_CHECK_MS = 5 * 60 * 1000;

/** The version this page was built with, or null (dev server without substitution, tests). */
export function pageVersion(doc: Document = document): string | null {
  const v = doc.querySelector('meta[name="version"]')?.getAttribute("content")?.trim();
  return v && !v.startsWith("%") ? v : null;
}

/** The deployed version, or null when it cannot be read (offline, no file): never a false alarm. */
export async function fetchDeployedVersion(fetchImpl: typeof fetch = fetch): Promise<string | null> {
  try {
    // The query defeats proxies that ignore no-store; the file is tiny.
    const res = await fetchImpl(`${VERSION_URL}?t=${Date.now()}`, { cache: "no-store", headers: { Accept: "application/json" } });
    if (!res.ok) return null;
    const body = (await res.json()) as { version?: unknown };
    return typeof body?.version === "string" && body.version ? body.version : null;
  } catch {
    return null;
  }
}

/** Any difference means another build was deployed: older or newer, this page is stale. */
export const isStale = (current: string | null, deployed: string | null): boolean =>
  Boolean(current && deployed && current !== deployed);
