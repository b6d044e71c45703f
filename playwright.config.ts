import { defineConfig, devices } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chooseChromium } from "./scripts/lib/chromium";
import { buildE2eConsole, E2E_DIST_DIR, e2eBuildStale } from "./scripts/lib/e2e-build";
import { providerEnv } from "./server/test/oauth-provider-server";
import { DEFAULT_CAPTCHA_CODE, E2E_ENV, e2eBaseUrl, e2eOAuthOrigin, e2eOAuthPort, e2ePort } from "./tests/e2e/support/env";

/*
 * Playwright loads this file in its main process and again in every worker. Values that must be
 * the same everywhere (admin password, data directory) are created once, in the first process
 * that loads it, and written to process.env, which the workers inherit.
 */
function once(name: string, make: () => string): { value: string; created: boolean } {
  const existing = process.env[name];
  if (existing) return { value: existing, created: false };
  const value = make();
  process.env[name] = value;
  return { value, created: true };
}

const port = e2ePort();
const baseURL = e2eBaseUrl();
const oauthPort = e2eOAuthPort();
// Fixed here so that the workers, which load this file again, see the same ports.
process.env[E2E_ENV.port] ??= String(port);
process.env[E2E_ENV.oauthPort] ??= String(oauthPort);

/*
 * The journeys run against the e2e build of the console (.e2e-dist: switch mode on, the OAuth2
 * button), never dist/. scripts/test.ts builds it before Playwright starts; a bare
 * `npx playwright test` (re)builds it here when it is missing or older than the sources.
 */
if (once("E2E_BUILD_CHECKED", () => "1").created) {
  const stale = e2eBuildStale();
  if (stale) {
    console.log(`Building the e2e console into .e2e-dist (${stale})…`);
    if (buildE2eConsole() !== 0) throw new Error("the e2e build of the console failed (see above)");
  }
}

// A fresh password with every character class and 15 characters, so that any password policy
// (they cap the length at 16 at most) accepts it.
const adminPassword = once(E2E_ENV.adminPassword, () => `E2e!${randomBytes(4).toString("hex")}#7a`).value;
const captchaCode = once(E2E_ENV.captchaCode, () => DEFAULT_CAPTCHA_CODE).value;
const dataDir = once(E2E_ENV.dataDir, () => mkdtempSync(join(tmpdir(), "blade-e2e-")));
if (dataDir.created && !process.env.E2E_KEEP_DATA) {
  // Only the process that created the directory removes it, after Playwright stopped the server.
  process.on("exit", () => rmSync(dataDir.value, { recursive: true, force: true }));
}

// The journeys run against a fresh embedded database, never a DATABASE_URL meant for development.
delete process.env.DATABASE_URL;

const browser = chooseChromium();
const launchOptions =
  browser.kind === "override" || browser.kind === "system"
    ? { executablePath: browser.executablePath, args: browser.args }
    : {};

/*
 * The journeys share one server and its data. Most touch only what they create (their own users,
 * roles, departments, applications) and run two at a time: a journey mostly waits on the browser and
 * the server, so two use the two cores that one left mostly idle. Those that change what every
 * other journey sees, or count what others may add meanwhile, run alone after them:
 *   password-policy  tightens the tenant's password rules (the others create users with passwords);
 *   menu             adds menus to the platform administrator's side menu (the menu search, axe's page list);
 *   mail             saves the platform's SMTP server and counts the mails it receives (the resource centre mails too);
 *   logs             exports the operation log and expects exactly the rows it showed (departments are made meanwhile).
 */
const ALONE = ["password-policy", "menu", "mail", "logs"].map((name) => `**/${name}.spec.ts`);
const chromium = { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 }, launchOptions };

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  fullyParallel: false,
  workers: 2,
  // No retries: a journey that needs one is a bug to fix (it waits on what the user sees, never on time).
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-results.json" }]],
  use: {
    baseURL,
    // The operator's system asks for reduced motion: the console turns antd's motion off (Root), so
    // a dialog is where it will stay the moment it shows, and no journey waits on a zoom or a slide.
    reducedMotion: "reduce",
    locale: "zh-CN",
    viewport: { width: 1440, height: 900 },
    // A trace costs every journey time; CI keeps only the screenshot and the log of a failure.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "chromium", testIgnore: ALONE, use: chromium },
    { name: "alone", testMatch: ALONE, dependencies: ["chromium"], workers: 1, use: chromium },
  ],
  webServer: [
    {
      // The simulated third-party OAuth2 provider: GET /authorize approves at once and sends the
      // browser back to the console's /oauth/callback/oauth2.
      command: "npx tsx server/test/oauth-provider-server.ts",
      port: oauthPort,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { PORT: String(oauthPort), CONSOLE_ORIGIN: baseURL },
    },
    {
      command: "npx tsx server/index.ts",
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: process.env.E2E_SERVER_LOG ? "pipe" : "ignore",
      stderr: "pipe",
      env: {
        PORT: String(port),
        BLADE_DATA_DIR: dataDir.value,
        BLADE_DIST_DIR: E2E_DIST_DIR,
        BLADE_ADMIN_PASSWORD: adminPassword,
        BLADE_CAPTCHA_TEST_CODE: captchaCode,
        BLADE_TEST_HOOKS: "1",
        ...providerEnv(e2eOAuthOrigin(), baseURL),
      },
    },
  ],
});
