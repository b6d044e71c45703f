import { useEffect, useState } from "react";
import { website } from "../config/website";
import { http, type BlobResult } from "../providers/http";

/**
 * True when `src` is served by our own origin (a relative path or our host): only then may the
 * request carry the session token. A file on another origin (public object storage, a provider's
 * avatar) is shown directly, so the token never leaves for a third party.
 */
export function isOwnOrigin(src: string): boolean {
  try {
    return new URL(src, window.location.origin).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** Files the API serves (under its base path on our origin) need the session; static assets do not. */
export function isApiFile(src: string): boolean {
  if (!isOwnOrigin(src)) return false;
  const base = website.apiBase.replace(/\/+$/, "");
  return base === "" || new URL(src, window.location.origin).pathname.startsWith(`${base}/`);
}

/**
 * A displayable URL for an uploaded image. Uploads are served only to signed-in users and a token
 * never goes into a URL, so our own files are fetched with the token header and shown as an object
 * URL (revoked when the source changes or the component goes away).
 */
export function useAuthImage(src: string | null | undefined): string | undefined {
  const [objectUrl, setObjectUrl] = useState<{ src: string; url: string }>();
  const needsSession = !!src && !src.startsWith("data:") && !src.startsWith("blob:") && isApiFile(src);

  useEffect(() => {
    if (!src || !needsSession || typeof URL.createObjectURL !== "function") return;
    let live = true;
    let created: string | undefined;
    // Absolute, so the request layer does not put its API prefix before a non-API path.
    http
      .get<BlobResult>(new URL(src, window.location.origin).href, { responseType: "blob", silent: true })
      .then(({ blob }) => {
        if (!live) return;
        created = URL.createObjectURL(blob);
        setObjectUrl({ src, url: created });
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (created) URL.revokeObjectURL(created);
    };
  }, [src, needsSession]);

  if (!src) return undefined;
  if (!needsSession) return src;
  return objectUrl?.src === src ? objectUrl.url : undefined;
}
