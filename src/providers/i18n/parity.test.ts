/**
 * Every text the console registers exists in zh and in en, and no module re-declares an action
 * word the shared bundle already has (it uses t("buttons.edit"), not a key of its own).
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { i18n, zh } from "./index";

const registered = vi.hoisted(() => [] as { ns: string; zh: Record<string, unknown> }[]);

vi.mock(import("./index"), async (importOriginal) => {
  const real = await importOriginal();
  return {
    ...real,
    addTranslations: (...[ns, bundles]: Parameters<typeof real.addTranslations>) => {
      registered.push({ ns, zh: bundles.zh });
      real.addTranslations(ns, bundles);
    },
  };
});

/**
 * Labels of data values that a domain spec names, keyed by the value: what a sync item did (create,
 * delete…), a synchroniser's policy for gone users (delete…). They read like buttons but are not.
 */
const VALUE_LABELS = ["taskRun.action.", "userSynchronizer.option."];

/** The modules that register translations: every `*i18n.ts` under src/. */
const modules = import.meta.glob("/src/**/*i18n.ts");
const sources = import.meta.glob<string>(["/src/**/*.{ts,tsx}", "!/src/**/*.test.{ts,tsx}", "!/src/providers/i18n/index.ts"], {
  query: "?raw",
  import: "default",
});

beforeAll(async () => {
  await Promise.all(Object.values(modules).map((load) => load()));
});

/** Dotted paths of the leaves of a bundle. */
function leaves(bundle: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof bundle !== "object" || bundle === null) return out.set(prefix, String(bundle));
  for (const [k, v] of Object.entries(bundle)) leaves(v, prefix ? `${prefix}.${k}` : k).forEach((text, key) => out.set(key, text));
  return out;
}

const missing = (from: Map<string, string>, to: Map<string, string>) => [...from.keys()].filter((k) => !to.has(k)).sort();

/**
 * The shared action words: the leaves of zh.buttons and zh.common, and the words modules use for
 * some of them (add → 新增, view → 查看, actions → 操作).
 */
function sharedWords(): Map<string, string[]> {
  const words = new Map<string, string[]>();
  const add = (word: string, key: string) => words.set(word, [...(words.get(word) ?? []), key]);
  for (const group of ["buttons", "common"] as const) for (const word of Object.keys(zh[group])) add(word, `${group}.${word}`);
  add("add", "buttons.create");
  add("view", "buttons.show");
  add("actions", "table.actions");
  return words;
}

describe("i18n bundles", () => {
  it("loads every module that registers translations", async () => {
    const registering = [];
    for (const [path, load] of Object.entries(sources)) if (/\baddTranslations\(\s*["'`]/.test(await load())) registering.push(path);
    expect(registering.filter((path) => !(path in modules))).toEqual([]);
    expect(registered.length).toBeGreaterThan(0);
  });

  it("has an en text for every zh key and a zh text for every en key", () => {
    const zhKeys = leaves(i18n.getResourceBundle("zh", "translation"));
    const enKeys = leaves(i18n.getResourceBundle("en", "translation"));
    expect([...zhKeys.keys()]).toEqual(expect.arrayContaining(["buttons.edit", "layout.home", "menuName.user", "routeGuard.reload"]));
    expect({ missingInEn: missing(zhKeys, enKeys), missingInZh: missing(enKeys, zhKeys) }).toEqual({ missingInEn: [], missingInZh: [] });
  });

  it("has no module re-declaring a shared action word with the shared text", () => {
    const words = sharedWords();
    const shared = leaves(zh);
    const duplicates: string[] = [];
    for (const { ns, zh: bundle } of registered) {
      leaves(bundle, ns).forEach((text, key) => {
        if (VALUE_LABELS.some((prefix) => key.startsWith(prefix))) return;
        const same = (words.get(key.split(".").at(-1) ?? "") ?? []).find((k) => shared.get(k) === text);
        if (same) duplicates.push(`${key} = ${same} (${text})`);
      });
    }
    expect(duplicates).toEqual([]);
  });
});
