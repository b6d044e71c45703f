/**
 * Blade writes and filters dates as `YYYY-MM-DD HH:mm:ss` in the server's local time; the audit
 * columns are `timestamp without time zone` holding exactly that text, so what a filter compares is
 * what a list shows.
 */
const pad = (n: number) => String(n).padStart(2, "0");

export function formatDateTime(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** Postgres returns `2024-01-02 03:04:05` or with fractions; clients get whole seconds. */
export function trimDateTime(value: string | null | undefined): string {
  if (!value) return "";
  return value.replace("T", " ").slice(0, 19);
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/** Accepts `YYYY-MM-DD HH:mm:ss` or `YYYY-MM-DD` (midnight) of a real calendar day. */
export function parseDateTime(value: string): string | null {
  const m = DATE_TIME.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h = "00", mi = "00", s = "00"] = m.slice(1);
  // Postgres has no year 0. The Date constructor reads years 0–99 as 1900–1999; setFullYear does not.
  if (Number(y) < 1) return null;
  const date = new Date(2000, 0, 1, 12);
  date.setFullYear(Number(y), Number(mo) - 1, Number(d));
  if (date.getFullYear() !== Number(y) || date.getMonth() !== Number(mo) - 1 || date.getDate() !== Number(d)) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  return `${y}-${mo}-${d} ${h}:${mi}:${s}`;
}
