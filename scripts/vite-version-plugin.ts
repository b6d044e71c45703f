/**
 * Writes `version.json` ({ version }) into the build and serves it from the dev server, so the
 * console can compare the deployed version with the one in its page's `<meta name="version">`
 * (§4, §8). The version comes from VITE_APP_VERSION (set by vite.config.ts) or package.json.
 */
import { readFileSync } from "node:fs";
import type { Plugin } from "vite";
import { serveDevFile } from "./lib/dev-file";

export const VERSION_FILE = "version.json";

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version?: string };
  return pkg.version ?? "0.0.0";
}

export function versionJson(version: string): string {
  return JSON.stringify({ version });
}

export function versionPlugin(options: { version?: string } = {}): Plugin {
  const version = () => options.version ?? process.env.VITE_APP_VERSION ?? packageVersion();
  return {
    name: "blade-version-json",
    configureServer(server) {
      serveDevFile(server, VERSION_FILE, { "Content-Type": "application/json", "Cache-Control": "no-store" }, () => versionJson(version()));
    },
    generateBundle() {
      this.emitFile({ type: "asset", fileName: VERSION_FILE, source: versionJson(version()) });
    },
  };
}
