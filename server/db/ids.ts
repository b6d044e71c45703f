import { randomInt } from "node:crypto";

/**
 * Snowflake-style 64-bit ids (41 bits of milliseconds since the Twitter epoch, 10 bits of worker,
 * 12 bits of sequence), as Blade's MyBatis-Plus assign_id makes them: 19 digits today, always
 * serialised as strings because they exceed JavaScript's safe integers.
 *
 * Several stateless server instances may share one database, so the worker id comes from
 * BLADE_WORKER_ID or, failing that, at random: a collision then needs two instances to draw the
 * same worker in the same millisecond and sequence.
 */
const EPOCH = 1288834974657n;
const WORKER = BigInt(
  process.env.BLADE_WORKER_ID !== undefined ? Number(process.env.BLADE_WORKER_ID) & 0x3ff : randomInt(1024),
);

let lastMs = 0n;
let sequence = 0n;

export function nextId(): string {
  let ms = BigInt(Date.now());
  // A clock stepping backwards must not reuse ids: keep counting in the last millisecond seen.
  if (ms < lastMs) ms = lastMs;
  if (ms === lastMs) {
    sequence = (sequence + 1n) & 0xfffn;
    if (sequence === 0n) ms = lastMs + 1n;
  } else {
    sequence = 0n;
  }
  lastMs = ms;
  return (((ms - EPOCH) << 22n) | (WORKER << 12n) | sequence).toString();
}

/** A comma list of ids as Blade stores role_id, dept_id and post_id; blanks dropped. */
export function splitIds(list: string | null | undefined): string[] {
  if (!list) return [];
  return list
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

const MAX_BIGINT = 9223372036854775807n;

/** A positive integer that fits a Postgres bigint (so it can never make a query fail). */
export function isId(value: unknown): value is string {
  return typeof value === "string" && /^[1-9]\d{0,18}$/.test(value) && BigInt(value) <= MAX_BIGINT;
}

/** isId, or "0" (the parent of roots). */
export const isIdOrRoot = (value: unknown): value is string => value === "0" || isId(value);

export const isIdList = (ids: string[]): boolean => ids.every(isId);
