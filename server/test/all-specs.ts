import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { ResourceSpec } from "../../domain/validation";

const RESOURCES = join(import.meta.dirname, "../../domain/resources");

const files = (dir: string, name: RegExp): string[] =>
  readdirSync(dir).flatMap((f) => {
    const path = join(dir, f);
    return statSync(path).isDirectory() ? files(path, name) : name.test(f) ? [path] : [];
  });

/**
 * Every resource spec of domain/resources, once each, from the files whose name matches `name`
 * (`spec.ts` by default; /spec\.ts$/ takes log-spec.ts and scope-spec.ts too).
 */
export async function allSpecs(name: RegExp = /^spec\.ts$/): Promise<ResourceSpec[]> {
  const specs = new Map<string, ResourceSpec>();
  for (const file of files(RESOURCES, name)) {
    const exports = (await import(file)) as Record<string, unknown>;
    for (const v of Object.values(exports)) if (v && typeof v === "object" && "menuCode" in v && "fields" in v) specs.set((v as ResourceSpec).name, v as ResourceSpec);
  }
  return [...specs.values()];
}
