/**
 * Full-page navigations in one place: leaving the app (a provider's sign-in page, an allowed
 * /zf target) or reloading it. Tests replace these methods; jsdom cannot navigate.
 */
export const browser = {
  assign(url: string) {
    window.location.assign(url);
  },
  replace(url: string) {
    window.location.replace(url);
  },
  reload() {
    window.location.reload();
  },
};

/** True for an absolute http(s) URL: the only kind we let a server answer send the browser to. */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== "string") return false;
  try {
    const u = new URL(value);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}
