import { describe, expect, it } from "vitest";
import * as validation from "./index";

describe("index", () => {
  it.each([
    "messages",
    "formatMessage",
    "validateIdCard",
    "validateMobile",
    "patterns",
    "validateIdDocument",
    "buildPasswordPattern",
    "isWeakPassword",
    "checkRules",
    "phoneRules",
    "nameRules",
    "descriptionRules",
    "inputRules",
    "textareaRules",
    "paramRules",
    "dictParentRules",
    "dictChildRules",
    "lockPasswordRules",
    "switchRules",
    "validateRegistration",
    "selectAtLeastOne",
    "UPLOAD_EXTENSIONS_DEFAULT",
    "UPLOAD_EXTENSIONS_EXTENDED",
    "checkUploadFile",
    "checkUploadCount",
    "checkAvatar",
  ])("exports %s", (name) => {
    expect(validation).toHaveProperty(name);
    expect((validation as Record<string, unknown>)[name]).toBeDefined();
  });

  it("imports nothing of a UI, browser or server", async () => {
    const { readFileSync, readdirSync } = await import("node:fs");
    const { join } = await import("node:path");
    const dir = join(process.cwd(), "domain", "validation");
    const files = readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
    expect(files).toContain("index.ts");
    for (const file of files) {
      const source = readFileSync(join(dir, file), "utf8");
      const imports = [...source.matchAll(/from\s+["']([^"']+)["']/g)].map((m) => m[1]);
      // Its own files, and the menu entry type a spec carries (domain/menus, data only).
      for (const spec of imports) expect(spec, `${file} imports ${spec}`).toMatch(/^\.\/|^\.\.\/menus\/entry$/);
      expect(source, file).not.toMatch(/\b(window|document|localStorage|sessionStorage)\./);
    }
  });
});
