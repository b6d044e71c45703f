import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Module and kit code reads a request only through server/http/body.ts, which refuses what no
 * column can hold; a raw read would let NUL or an unchecked body past it. A text scan, cheap.
 */
const serverDir = dirname(dirname(fileURLToPath(import.meta.url)));
const RAW_READ = /\bc\.req\.(query|queries|param|json|text|parseBody|formData|arrayBuffer|blob)\s*\(/g;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [path] : [];
  });
}

describe("the request-parsing layer", () => {
  it("is the only way modules and the kit read a request", () => {
    const found: string[] = [];
    for (const file of [...sources(join(serverDir, "modules")), ...sources(join(serverDir, "kit"))]) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(RAW_READ)) found.push(`${relative(serverDir, file)}:${text.slice(0, m.index).split("\n").length}  ${m[0]}`);
    }
    expect(found).toEqual([]);
  });
});
