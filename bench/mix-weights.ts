/** The mix's kinds and weights (bench/mix.ts), apart so that run.ts checks --mix= without loading the server. */
export const MIX_KINDS = ["users", "filtered", "children", "detail", "routes", "edit", "create", "signin"] as const;
export type MixKind = (typeof MIX_KINDS)[number];
export const DEFAULT_MIX = "users:40,filtered:10,children:10,detail:10,routes:15,edit:8,create:4,signin:3";

/** `users:40,…` → weights of known kinds (absent ones 0), or null when malformed or all zero. */
export function parseMix(text: string): Record<MixKind, number> | null {
  const weights = Object.fromEntries(MIX_KINDS.map((k) => [k, 0])) as Record<MixKind, number>;
  for (const part of text.split(",")) {
    const [kind, w] = part.split(":");
    const weight = Number(w);
    if (!MIX_KINDS.includes(kind as MixKind) || w === undefined || w === "" || !Number.isFinite(weight) || weight < 0) return null;
    weights[kind as MixKind] = weight;
  }
  return Object.values(weights).some((w) => w > 0) ? weights : null;
}
