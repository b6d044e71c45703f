import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { API_ROUTES } from "../domain/contract/api-paths";
import { isMiddleware, openApiPath } from "../server/http/openapi";
import { API_PATHS_FILE, apiPathsSource, apiRoutes, routeTable } from "./gen-api-paths";

/**
 * The console's path table (domain/contract/api-paths.ts) is what the generator writes from the
 * server's route table now: a route added, renamed or removed without `npx tsx scripts/gen-api-paths.ts`
 * fails here, and a console call of a removed route then fails the type check.
 */
describe("the committed API path table", () => {
  const app = routeTable();

  it("is what the generator would write from the route table now", () => {
    const routes = apiRoutes(app);
    expect(readFileSync(API_PATHS_FILE, "utf8"), "run `npx tsx scripts/gen-api-paths.ts`").toBe(apiPathsSource(routes));
  });

  it("holds every API route of the app, in the OpenAPI document's path form without /api", () => {
    const table = API_ROUTES as Record<string, readonly string[]>;
    const routes = app.routes.filter((r) => !isMiddleware(r) && r.path.startsWith("/api/"));
    expect(routes.length).toBeGreaterThan(300);
    const missing = routes.filter((r) => !table[r.method]?.includes(openApiPath(r.path).slice(4))).map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
    expect(table.GET).toContain("/blade-resource/oss/endpoint/file/{id}");
    expect(table.POST).toContain("/blade-auth/oauth/token");
  });

  it("detects a stale table: one route more or less changes the text", () => {
    const routes = apiRoutes(app);
    const fewer = { ...routes, GET: routes.GET.filter((p) => p !== "/blade-user/info") };
    expect(apiPathsSource(fewer)).not.toBe(apiPathsSource(routes));
    const more = { ...routes, POST: [...routes.POST, "/blade-user/new-route"] };
    expect(apiPathsSource(more)).not.toBe(apiPathsSource(routes));
  });
});
