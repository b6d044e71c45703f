/**
 * What the server log says about an unexpected error: one bounded line that never carries a
 * statement's parameters. Drizzle's errors quote the SQL with every bound value (a new user's
 * password hash, a phone number), and Postgres' `detail` repeats the values of a clashing key, so
 * a database error is logged by its SQLSTATE, constraint, table and column only.
 */

export const MAX_LOG_LINE = 1000;
const MAX_MESSAGE = 300;

interface DatabaseErrorFields {
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  dataType?: unknown;
  routine?: unknown;
  message?: unknown;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The driver's error under Drizzle's wrapper (or the error itself), when it has a SQLSTATE. */
function databaseError(error: unknown): DatabaseErrorFields | undefined {
  let e: unknown = error;
  for (let i = 0; i < 5 && e !== null && typeof e === "object"; i++) {
    const code = (e as DatabaseErrorFields).code;
    if (typeof code === "string" && SQLSTATE.test(code)) return e as DatabaseErrorFields;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

const oneLine = (s: string, max: number) => {
  const flat = s.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
};

/** Postgres quotes the offending value in its messages (`invalid input syntax for type bigint: "…"`). */
const withoutValues = (message: string) => message.replace(/"[^"]*"/g, '"…"');

const isQueryWrapper = (e: Error) => e.name === "DrizzleQueryError" || e.message.startsWith("Failed query:");

function firstFrame(stack: string | undefined): string {
  const line = stack?.split("\n").find((l) => l.trimStart().startsWith("at "));
  return line ? ` ${line.trim()}` : "";
}

/** One line describing `error`, safe to log. */
export function errorSummary(error: unknown): string {
  const db = databaseError(error);
  if (db) {
    const parts = [`database error ${String(db.code)}`];
    for (const key of ["constraint", "table", "column", "dataType", "routine"] as const) {
      if (typeof db[key] === "string" && db[key]) parts.push(`${key}=${db[key]}`);
    }
    const message = typeof db.message === "string" ? `: ${withoutValues(db.message)}` : "";
    return oneLine(parts.join(" ") + oneLine(message, MAX_MESSAGE), MAX_LOG_LINE);
  }
  if (error instanceof Error) {
    if (isQueryWrapper(error)) return `${error.name} (statement and parameters withheld)${firstFrame(error.stack)}`;
    return oneLine(`${error.name}: ${oneLine(error.message, MAX_MESSAGE)}${firstFrame(error.stack)}`, MAX_LOG_LINE);
  }
  return oneLine(`non-error thrown: ${typeof error}`, MAX_LOG_LINE);
}

/**
 * A logger of one line per error, at most `perMinute` lines a minute: a flood of failures must not
 * flood the disk. What was dropped is counted in the next line that gets through.
 */
export function errorLogger(write: (line: string) => void = (line) => console.error(line), perMinute = 120, now: () => number = Date.now) {
  let windowStart = 0;
  let written = 0;
  let dropped = 0;
  return (error: unknown, where: string): void => {
    const t = now();
    if (t - windowStart >= 60_000) {
      windowStart = t;
      written = 0;
    }
    if (written >= perMinute) {
      dropped++;
      return;
    }
    written++;
    const note = dropped ? ` (${dropped} earlier errors not logged)` : "";
    dropped = 0;
    write(`[blade] ${oneLine(where, 200)}: ${errorSummary(error)}${note}`);
  };
}
