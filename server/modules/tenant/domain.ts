/** Host names as browsers send them: case-insensitive, without a port or a trailing dot. */
export function normaliseDomain(value: string | undefined): string {
  let host = (value ?? "").trim().toLowerCase();
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, "").split(/[/?#]/)[0];
  host = host.startsWith("[") ? host.replace(/^(\[[^\]]*\]):\d+$/, "$1") : host.replace(/:\d+$/, "");
  return host.replace(/\.$/, "").slice(0, 255);
}
