/**
 * Which Chromium the end-to-end tests launch. Order: PW_CHROMIUM_PATH, Playwright's own browser
 * when installed, Debian's /usr/bin/chromium, else none (scripts/test.ts then reports it).
 */
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

export const SYSTEM_CHROMIUM = "/usr/bin/chromium";

/** Flags Debian's Chromium needs in a container (see DESIGN.md, "Known pitfalls"). */
export const SYSTEM_CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export type ChromiumChoice =
  | { kind: "bundled" }
  | { kind: "override" | "system"; executablePath: string; args: string[] }
  | { kind: "none"; reason: string };

function bundledInstalled(): boolean {
  try {
    return existsSync(chromium.executablePath());
  } catch {
    return false;
  }
}

export function chooseChromium(env: NodeJS.ProcessEnv = process.env): ChromiumChoice {
  const override = env.PW_CHROMIUM_PATH;
  if (override) {
    if (existsSync(override)) return { kind: "override", executablePath: override, args: SYSTEM_CHROMIUM_ARGS };
    return { kind: "none", reason: `PW_CHROMIUM_PATH=${override} does not exist` };
  }
  if (bundledInstalled()) return { kind: "bundled" };
  if (existsSync(SYSTEM_CHROMIUM)) return { kind: "system", executablePath: SYSTEM_CHROMIUM, args: SYSTEM_CHROMIUM_ARGS };
  return {
    kind: "none",
    reason: `no Chromium: Playwright's browser is not installed and ${SYSTEM_CHROMIUM} is missing ` +
      "(apt-get install chromium, or npx playwright install chromium, or set PW_CHROMIUM_PATH)",
  };
}

export function describeChromium(choice: ChromiumChoice): string {
  switch (choice.kind) {
    case "bundled":
      return "Playwright's Chromium";
    case "none":
      return choice.reason;
    default:
      return `${choice.executablePath} (${choice.kind})`;
  }
}
