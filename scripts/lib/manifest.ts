/**
 * Which chunks a route loads initially, read from Vite's build manifest (dist/.vite/manifest.json):
 * the entry chunk and its static imports, plus the lazily imported modules the route renders and
 * their static imports, deduplicated.
 */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface RouteChunks {
  /** Output files (relative to the build directory), the entry first. */
  files: string[];
  /** Lazily loaded modules that are no chunk of their own (inlined into another chunk, or renamed). */
  missing: string[];
}

/** The manifest keys reachable from `keys` through static imports, `keys` included. */
export function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen];
}

export function routeChunks(manifest: Manifest, entry: string, lazy: string[]): RouteChunks {
  if (!manifest[entry]) throw new Error(`the manifest has no entry ${entry}`);
  const present = lazy.filter((key) => manifest[key]);
  const keys = staticClosure(manifest, [entry, ...present]);
  const files = [...new Set(keys.map((key) => manifest[key].file).filter((file) => file.endsWith(".js")))];
  return { files, missing: lazy.filter((key) => !manifest[key]) };
}

/** A readable name for an output file: the module it was built from, else its chunk name. */
export function chunkLabel(manifest: Manifest, file: string): string {
  const chunk = Object.entries(manifest).find(([, c]) => c.file === file);
  if (!chunk) return file;
  const [key, c] = chunk;
  return c.src ?? c.name ?? key;
}
