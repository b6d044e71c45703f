import { describe, expect, it } from "vitest";
import { API } from "./api";
import { API_ROUTES } from "./api-paths";

const routed = Object.values(API_ROUTES as Record<string, readonly string[]>).flat();

describe("API: the typed names of the Blade API's paths", () => {
  it("is the path itself at run time, the Blade API's own string", () => {
    expect(API.get("/blade-user/info")).toBe("/blade-user/info");
    expect(API.post("/blade-auth/oauth/token")).toBe("/blade-auth/oauth/token");
    expect(API.base("/blade-system/dept")).toBe("/blade-system/dept");
  });

  it("fills a path's parameters, each encoded as one segment", () => {
    expect(API.get("/blade-auth/oauth/render/{source}", { source: "git hub/x" })).toBe("/blade-auth/oauth/render/git%20hub%2Fx");
    expect(API.get("/blade-resource/oss/endpoint/file/{id}", { id: 42 })).toBe("/blade-resource/oss/endpoint/file/42");
  });

  it("rejects, at type-check time, a path or method the server does not route", () => {
    // Each line is a type error (tsc fails if one stops being one); at run time it is only a string.
    // @ts-expect-error no such path
    expect(API.get("/blade-user/no-such-route")).toBe("/blade-user/no-such-route");
    // @ts-expect-error the token endpoint is POST only
    API.get("/blade-auth/oauth/token");
    // @ts-expect-error a path with a parameter needs its value
    API.get("/blade-auth/oauth/render/{source}");
    // @ts-expect-error a base is a prefix of routed paths
    API.base("/blade-nothing");
  });
});

/** Every resource spec of the shared tier: the `api` base the console's kit adds `/page`, `/submit` … to. */
const specs = Object.entries(import.meta.glob<Record<string, unknown>>(["../resources/**/*.ts", "!**/*.test.ts"], { eager: true })).flatMap(([file, mod]) =>
  Object.entries(mod)
    .filter(([, v]) => !!v && typeof v === "object" && typeof (v as { api?: unknown }).api === "string" && "fields" in (v as object))
    .map(([name, v]) => ({ where: `${file} ${name}`, api: (v as { api: string }).api })),
);

describe("the resource specs' API bases", () => {
  it("each is a base of routed paths (the spec's `api` is not type-checked against the table, so it is checked here)", () => {
    expect(specs.length).toBeGreaterThan(15);
    const unrouted = specs.filter((s) => !routed.some((p) => p.startsWith(`${s.api}/`)));
    expect(unrouted).toEqual([]);
  });
});
