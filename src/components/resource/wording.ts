/**
 * How the kit names a resource's things in words: the noun of a dialog title (新增用户, "Create user")
 * and the name of a row (for a delete confirmation). Both come from the spec, so no page writes
 * them again.
 */
import type { BaseRecord } from "@refinedev/core";
import type { Lang, ResourceSpec } from "../../../domain/validation";

/**
 * One of the resource's things, from its menu title: 用户管理 → 用户, 应用列表 → 应用, "Users" → "user",
 * "Role categories" → "role category". A leading acronym keeps its capitals ("SMS setting").
 */
export function nounOf(spec: Pick<ResourceSpec, "title">, lang: Lang): string {
  if (lang === "zh") return spec.title.zh.replace(/(管理|列表)$/, "");
  const words = spec.title.en.split(" ");
  const last = words.length - 1;
  words[last] = words[last].replace(/ies$/, "y").replace(/([^s])s$/, "$1");
  if (!/^[A-Z0-9]{2,}$/.test(words[0])) words[0] = words[0].toLowerCase();
  return words.join(" ");
}

/** The field that names a row: the first form field labelled …名称/…姓名, else the first required text field. */
export function nameFieldOf(spec: Pick<ResourceSpec, "fields">): string | undefined {
  const fields = Object.entries(spec.fields).filter(([, f]) => f.kind === "text");
  const named = fields.find(([, f]) => /(名称|姓名)$/.test(f.label.zh));
  return (named ?? fields.find(([, f]) => f.required))?.[0];
}

/** A row's name as the operator knows it (its id when the naming field is empty). */
export function rowLabel(spec: Pick<ResourceSpec, "fields">, row: BaseRecord): string {
  const fields = Object.entries(spec.fields).filter(([, f]) => f.kind === "text" && f.required);
  const named = nameFieldOf(spec);
  for (const name of [named, ...fields.map(([n]) => n)]) {
    const v = name ? row[name] : undefined;
    if (typeof v === "string" && v.trim()) return v;
  }
  return String(row.id ?? "");
}
