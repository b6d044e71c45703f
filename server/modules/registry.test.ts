import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MENU_TREE, PLATFORM_APIS, flattenEntries } from "../../domain/menus";
import type { ResourceSpec } from "../../domain/validation";
import { allSpecs } from "../test/all-specs";
import { freshApp, type TestApp } from "../test/fresh-app";

/**
 * The one registry (domain/menus) against what exists: every resource spec is a menu entry (or a
 * page-within-a-page of one, its code a button of that entry) and is served by the server; every
 * route the server mounts belongs to a menu entry or to the platform's own APIs.
 */
const entries = flattenEntries(MENU_TREE);
const owned = (path: string, prefixes: string[]) => prefixes.some((p) => path === `/api${p.replace(/\/$/, "")}` || path.startsWith(`/api${p}`));

describe("the menu registry", () => {
  let api: TestApp;
  let specs: ResourceSpec[];
  beforeAll(async () => {
    api = await freshApp({ oauth: false });
    specs = await allSpecs(/spec\.ts$/);
  });
  afterAll(() => api.close());

  it("lists every spec: as a menu entry of its own, or as a page-within-a-page whose code is a button of one", () => {
    const codes = new Set(entries.map((e) => e.code));
    const buttonCodes = new Set(entries.flatMap((e) => (e.buttons ?? []).map((b) => `${e.code}_${b.alias}`)));
    expect(specs.length).toBeGreaterThan(15);
    expect(specs.filter((s) => !codes.has(s.menuCode) && !buttonCodes.has(s.menuCode)).map((s) => s.name)).toEqual([]);
    // A spec that names its menu is the entry: title and path said once.
    for (const s of specs.filter((s) => s.menu)) expect(entries.find((e) => e.code === s.menuCode), s.name).toMatchObject({ title: s.title, path: s.path });
  });

  it("gives every spec a server module that answers its API", () => {
    const paths = api.app.routes.map((r) => r.path);
    expect(specs.filter((s) => !paths.some((p) => owned(p, [`${s.api}/`, s.api]))).map((s) => `${s.name} ${s.api}`)).toEqual([]);
  });

  it("gives every mounted route an owner: a spec (its API), a menu entry (its own APIs) or the platform", () => {
    const prefixes = [...specs.flatMap((s) => [`${s.api}/`, s.api]), ...entries.flatMap((e) => e.apis ?? []), ...Object.keys(PLATFORM_APIS)];
    const routes = [...new Set(api.app.routes.filter((r) => r.method !== "ALL").map((r) => r.path))];
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((p) => !owned(p, prefixes))).toEqual([]);
  });

  it("gives codes, paths and names once: no code or path twice, every name in both languages", () => {
    const dupes = (xs: string[]) => xs.filter((x, i) => xs.indexOf(x) !== i);
    expect(dupes(entries.map((e) => e.code))).toEqual([]);
    expect(dupes(entries.map((e) => e.path))).toEqual([]);
    for (const e of entries) expect(e.title.zh && e.title.en, e.code).toBeTruthy();
  });
});
