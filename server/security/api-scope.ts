import type { ApiScopeRule } from "./caller";

/**
 * API scopes: a path that some API scope covers may be called only by roles holding one of the
 * scopes that cover it; paths no scope covers are governed by permission codes alone. Patterns
 * are ant-style as in Blade: `**` any number of segments, `*` within a segment, `?` one character.
 */
export function antPattern(pattern: string): RegExp {
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === "*" && pattern[i + 1] === "*") {
      // "/**" also matches the bare prefix (/blade-user/** covers /blade-user).
      if (out.endsWith("/")) out = `${out.slice(0, -1)}(?:/.*)?`;
      else out += ".*";
      i++;
    } else if (ch === "*") out += "[^/]*";
    else if (ch === "?") out += "[^/]";
    else out += ch.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${out}$`);
}

const compiled = new Map<string, RegExp>();
const matcher = (pattern: string) => {
  let re = compiled.get(pattern);
  if (!re) {
    if (compiled.size > 1000) compiled.clear();
    re = antPattern(pattern.trim());
    compiled.set(pattern, re);
  }
  return re;
};

export function apiScopeAllows(scopes: ApiScopeRule[], path: string): boolean {
  const covering = scopes.filter((s) => matcher(s.path).test(path));
  return covering.length === 0 || covering.some((s) => s.held);
}
