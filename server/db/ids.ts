import { randomInt } from "node:crypto";

/**
 * Snowflake-style 64-bit ids (41 bits of milliseconds since the Twitter epoch, 10 bits of worker,
 * 12 bits of sequence), as Blade's MyBatis-Plus assign_id makes them: 19 digits today, always
 * serialised as strings because they exceed JavaScript's safe integers.
 *
 * Several stateless server instances may share one database, so each needs a worker id of its
 * own: BLADE_WORKER_ID when set, else the server leases a free one from blade_worker_lease at start
 * (worker-lease.ts) and sets it here. Until then (tests, scripts, the seed of a first start before
 * the lease) it is drawn at random: a collision then needs two processes to draw the same worker
 * in the same millisecond and sequence.
 */
const EPOCH = 1288834974657n;
export const MAX_WORKER_ID = 1023;

/** BLADE_WORKER_ID as a worker id, or undefined when unset; anything but 0..1023 is refused. */
export function workerIdFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env.BLADE_WORKER_ID;
  if (raw === undefined || raw.trim() === "") return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > MAX_WORKER_ID) throw new Error(`BLADE_WORKER_ID must be an integer from 0 to ${MAX_WORKER_ID} (got "${raw}").`);
  return n;
}

/** At import nothing may throw: a malformed BLADE_WORKER_ID is refused by the server's start (worker-lease.ts). */
function initialWorker(): number {
  try {
    return workerIdFromEnv() ?? randomInt(MAX_WORKER_ID + 1);
  } catch {
    return randomInt(MAX_WORKER_ID + 1);
  }
}

let WORKER = BigInt(initialWorker());

/** The worker id in the ids made from now on (a leased one, or BLADE_WORKER_ID's). */
export function setWorkerId(worker: number): void {
  if (!Number.isInteger(worker) || worker < 0 || worker > MAX_WORKER_ID) throw new Error(`worker id out of range: ${worker}`);
  WORKER = BigInt(worker);
}

export const currentWorkerId = (): number => Number(WORKER);

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
