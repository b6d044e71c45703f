/**
 * /zf?authUrl=<address>: the address is everything after `authUrl=` (it may carry its own `&`
 * parameters unencoded). It is followed only when it is an absolute http(s) URL whose origin is
 * on the allow-list, so /zf can never be used as an open redirect.
 */
export function allowedAuthUrl(searchAndHash: string, allowList: readonly string[]): string | null {
  const m = /[?&]authUrl=/.exec(searchAndHash);
  if (!m) return null;
  let raw = searchAndHash.slice(m.index + m[0].length);
  // A fully encoded address (https%3A%2F%2F…) is decoded once; a plain one is taken as is.
  if (/^[a-z][a-z\d+.-]*%3a/i.test(raw)) {
    try {
      raw = decodeURIComponent(raw);
    } catch {
      return null;
    }
  }
  let url: URL;
  try {
    url = new URL(raw); // no base: relative and protocol-relative (//host) addresses are refused
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password) return null;
  return allowList.includes(url.origin) ? url.href : null;
}
