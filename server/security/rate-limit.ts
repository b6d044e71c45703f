/**
 * Fixed-window counters in memory, per instance: they only slow abuse down (the lockout in the
 * database is what stops guessing), so losing them on a restart costs nothing. The table is
 * bounded: when full, the oldest windows go first.
 */
export interface RateRule {
  max: number;
  windowMs: number;
}

/**
 * What the public endpoints allow. Per IP: what one browser or a NAT of colleagues never reaches
 * in normal use; per account: more than a person retyping ever needs.
 */
export const RATE_RULES = {
  /** Token grants other than refresh, by client IP. */
  signInPerIp: { max: 120, windowMs: 60_000 },
  /** Failed password or code sign-ins by client IP (one guess on each of many accounts). */
  signInFailuresPerIp: { max: 20, windowMs: 15 * 60_000 },
  /** Token grants naming one account (tenant + account or phone). */
  signInPerAccount: { max: 30, windowMs: 60_000 },
  /** SMS and mail codes, by client IP. */
  codePerIp: { max: 20, windowMs: 10 * 60_000 },
  /** find-password and registration, by client IP. */
  selfServicePerIp: { max: 20, windowMs: 10 * 60_000 },
} satisfies Record<string, RateRule>;

export type RateRuleName = keyof typeof RATE_RULES;
export type RateRules = Record<RateRuleName, RateRule>;

/** No limits at all, for tests of everything but the limits. */
export const UNLIMITED: RateRules = Object.fromEntries(
  Object.keys(RATE_RULES).map((name) => [name, { max: Number.MAX_SAFE_INTEGER, windowMs: 60_000 }]),
) as RateRules;

export const MSG_TOO_MANY = "请求过于频繁,请稍后再试";

/** A limit was reached; `retryAfter` seconds until its window ends. */
export class RateLimited extends Error {
  constructor(readonly retryAfter: number) {
    super(MSG_TOO_MANY);
  }
}

interface Window {
  start: number;
  count: number;
}

const MAX_KEYS = 100_000;

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly rules: RateRules,
    private readonly now: () => number,
  ) {}

  private current(rule: RateRuleName, key: string): { id: string; window: Window | undefined; now: number } {
    const id = `${rule}\u0001${key}`;
    const now = this.now();
    const window = this.windows.get(id);
    if (window && now - window.start >= this.rules[rule].windowMs) {
      this.windows.delete(id);
      return { id, window: undefined, now };
    }
    return { id, window, now };
  }

  private retryAfter(rule: RateRuleName, window: Window, now: number): number {
    return Math.max(1, Math.ceil((window.start + this.rules[rule].windowMs - now) / 1000));
  }

  /** Throws RateLimited when the window is already full; counts nothing. */
  check(rule: RateRuleName, key: string): void {
    const { window, now } = this.current(rule, key);
    if (window && window.count >= this.rules[rule].max) throw new RateLimited(this.retryAfter(rule, window, now));
  }

  /** Counts one event; throws RateLimited (without counting) when the window is full. */
  take(rule: RateRuleName, key: string): void {
    this.check(rule, key);
    this.add(rule, key);
  }

  /** Counts one event that already happened (a failure). */
  add(rule: RateRuleName, key: string): void {
    const { id, window, now } = this.current(rule, key);
    if (window) {
      window.count += 1;
      return;
    }
    if (this.windows.size >= MAX_KEYS) this.evict(now);
    this.windows.set(id, { start: now, count: 1 });
  }

  private evict(now: number): void {
    for (const [id, window] of this.windows) {
      const rule = id.slice(0, id.indexOf("\u0001")) as RateRuleName;
      if (now - window.start >= this.rules[rule].windowMs) this.windows.delete(id);
    }
    // Still full of live windows: drop the oldest tenth (Map keeps insertion order).
    if (this.windows.size >= MAX_KEYS) {
      let drop = Math.ceil(MAX_KEYS / 10);
      for (const id of this.windows.keys()) {
        if (drop-- <= 0) break;
        this.windows.delete(id);
      }
    }
  }
}
