/**
 * The values playwright.config.ts hands to the journeys through the environment. The config
 * creates them once in Playwright's main process; its workers inherit them.
 */
export const E2E_ENV = {
  port: "E2E_PORT",
  /** The simulated OAuth2 provider's port (default: the server's port + 1). */
  oauthPort: "E2E_OAUTH_PORT",
  adminPassword: "E2E_ADMIN_PASSWORD",
  dataDir: "E2E_DATA_DIR",
  captchaCode: "CAPTCHA_TEST_CODE",
} as const;

export const DEFAULT_E2E_PORT = 8181;
export const DEFAULT_CAPTCHA_CODE = "e2e42";

export function e2ePort(): number {
  const port = Number(process.env[E2E_ENV.port] || DEFAULT_E2E_PORT);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`${E2E_ENV.port} is not a port`);
  return port;
}

export function e2eOAuthPort(): number {
  const port = Number(process.env[E2E_ENV.oauthPort] || e2ePort() + 1);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`${E2E_ENV.oauthPort} is not a port`);
  return port;
}

/** The simulated provider's origin as the browser and the server reach it. */
export function e2eOAuthOrigin(): string {
  return `http://localhost:${e2eOAuthPort()}`;
}

export function e2eBaseUrl(): string {
  return `http://127.0.0.1:${e2ePort()}`;
}

export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the journeys through playwright.config.ts (npx playwright test)`);
  return value;
}
