/**
 * The English console reads as one product: every text registered in en is in sentence case (it
 * starts with a capital, as a label, title, button, message or notice shown on its own does), and
 * signing in and out has one word, "sign in" / "sign out" (never "login", "log in", "logout", "log out").
 */
import { beforeAll, describe, expect, it } from "vitest";
import { i18n } from "./index";

/** Every module that registers translations: the `*i18n.ts` under src/ (parity.test.ts checks none is missed). */
const modules = import.meta.glob("/src/**/*i18n.ts");
/** The resources register their titles and field labels through their descriptors. */
const descriptors = import.meta.glob("/src/resources/**/index.ts");

beforeAll(async () => {
  await Promise.all([...Object.values(modules), ...Object.values(descriptors)].map((load) => load()));
}, 60_000);

/** Dotted paths of the leaves of a bundle, with their texts. */
function leaves(bundle: unknown, prefix = "", out = new Map<string, string>()): Map<string, string> {
  if (typeof bundle !== "object" || bundle === null) return out.set(prefix, String(bundle));
  for (const [k, v] of Object.entries(bundle)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

/**
 * The en texts that start lower case on purpose. Keep it short: a text spliced into a sentence is
 * better reworded so that it stands on its own.
 */
const LOWER_CASE_ALLOWED: Record<string, string> = {
  // Units shown after a number in an input's addon ("5 minutes").
  "cryptographicPolicy.unit.days": "days",
  "cryptographicPolicy.unit.times": "times",
  "cryptographicPolicy.unit.minutes": "minutes",
  "cryptographicPolicy.unit.chars": "characters",
  // A product's own spelling (the iView theme of the original console).
  "layout.theme.names.iview": "iView",
  // A placeholder showing the addresses to type, scheme first.
  "userSynchronizer.endpointPlaceholderLdap": "ldap://host:389 or ldaps://host:636",
};

const BANNED = /\b(log ?in|log-in|logins?|log ?out|log-out|logouts?|logged (in|out))\b/i;

const en = () => leaves(i18n.getResourceBundle("en", "translation"));

describe("the English texts", () => {
  it("are many (every module is loaded)", () => {
    expect(en().size).toBeGreaterThan(1000);
    expect(en().get("user.title")).toBe("Users");
  });

  it("start with a capital letter", () => {
    const lower = [...en()].filter(([key, text]) => /^[a-z]/.test(text) && LOWER_CASE_ALLOWED[key] !== text).map(([key, text]) => `${key}: ${text}`);
    expect(lower).toEqual([]);
  });

  it("say sign in and sign out, never login or logout", () => {
    const banned = [...en()].filter(([, text]) => BANNED.test(text)).map(([key, text]) => `${key}: ${text}`);
    expect(banned).toEqual([]);
  });

  it("keep a field label spliced into a placeholder in sentence case", () => {
    const en = i18n.getFixedT("en");
    expect(en("kit.enter", { label: "Tenant id" })).toBe("Enter tenant id");
    expect(en("kit.select", { label: "SMS provider" })).toBe("Select SMS provider");
    expect(i18n.getFixedT("zh")("kit.enter", { label: "租户编号" })).toBe("请输入租户编号");
  });
});
