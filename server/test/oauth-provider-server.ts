/**
 * The simulated OAuth2 provider as a real HTTP server, for browser journeys against `npm start`:
 *
 *   PORT=8090 npx tsx server/test/oauth-provider-server.ts
 *
 * prints the BLADE_OAUTH_* variables that point the server at it. GET /authorize approves at once
 * (as `e2e-user`, or as ?login=) and redirects to the console's callback.
 */
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import { serve } from "@hono/node-server";
import { PROVIDER_CLIENT, SimulatedOAuthProvider } from "./oauth-provider";

export function providerEnv(origin: string, consoleOrigin: string, source = "oauth2"): Record<string, string> {
  const key = `BLADE_OAUTH_${source.toUpperCase().replace(/-/g, "_")}_`;
  return {
    BLADE_OAUTH_SOURCES: source,
    [`${key}CLIENT_ID`]: PROVIDER_CLIENT.id,
    [`${key}CLIENT_SECRET`]: PROVIDER_CLIENT.secret,
    [`${key}AUTHORIZE_URL`]: `${origin}/authorize`,
    [`${key}TOKEN_URL`]: `${origin}/token`,
    [`${key}USERINFO_URL`]: `${origin}/userinfo`,
    [`${key}REDIRECT_URI`]: `${consoleOrigin}/oauth/callback/${source}`,
  };
}

export function startProviderServer(port: number): { provider: SimulatedOAuthProvider; close(): void } {
  const provider = new SimulatedOAuthProvider(`http://localhost:${port}`);
  const server = serve({ fetch: provider.app.fetch, port });
  return { provider, close: () => server.close() };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const port = Number(process.env.PORT || 8090);
  startProviderServer(port);
  const env = providerEnv(`http://localhost:${port}`, process.env.CONSOLE_ORIGIN || "http://localhost:8080");
  console.log(`Simulated OAuth2 provider on http://localhost:${port}\n${Object.entries(env).map(([k, v]) => `${k}=${v}`).join("\n")}`);
}
