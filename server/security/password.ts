import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { availableParallelism } from "node:os";
import { type Algorithm, hash as argon2Hash, verify as argon2Verify } from "@node-rs/argon2";
import { RateLimited } from "./rate-limit";

/**
 * Passwords are stored as argon2id (OWASP's recommended m=19 MiB, t=2, p=1) over the md5 hex
 * digest that the console sends at the token grant (§5 "password transport"), so every path that
 * sets a password produces something the grant can verify. Older hashes — our scrypt at N=2^14 and
 * BladeX's unsalted sha1(md5) hex — are still accepted, only to be replaced at the next successful
 * sign-in.
 */
// 2 = Argon2id (the package exports it as a const enum, which isolated modules cannot read).
const ARGON2 = { algorithm: 2 as Algorithm, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * Hashing is the one CPU-heavy thing a stranger can ask for. At most one hash per core runs at
 * once, so a crowd of sign-ins (or guesses) queues here instead of starving every other request;
 * a queue this long means abuse, which is refused at once.
 */
const SLOTS = Math.max(1, availableParallelism());
const MAX_WAITING = 64;
let running = 0;
const waiting: (() => void)[] = [];

export async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= SLOTS) {
    if (waiting.length >= MAX_WAITING) throw new RateLimited(1);
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export const md5Hex = (text: string) => createHash("md5").update(text, "utf8").digest("hex");
export const sha1Hex = (text: string) => createHash("sha1").update(text, "utf8").digest("hex");
export const sha256Hex = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** Compares two strings without leaking where they differ (lengths may leak, they are public). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  return x.length === y.length && timingSafeEqual(x, y);
}

const normalise = (digest: string) => digest.trim().toLowerCase();

export async function hashDigest(md5Digest: string): Promise<string> {
  return withHashSlot(() => argon2Hash(normalise(md5Digest), ARGON2));
}

/** For passwords typed into a form (user create, update-password): md5 first, like the console. */
export const hashPlainPassword = (plain: string) => hashDigest(md5Hex(plain));

export const isLegacyHash = (stored: string) => /^[0-9a-f]{40}$/i.test(stored);

export interface Verification {
  ok: boolean;
  /** The stored hash is older or weaker than today's and should be replaced now. */
  upgrade: boolean;
}

const current = `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`;

export async function verifyDigest(md5Digest: string, stored: string): Promise<Verification> {
  const digest = normalise(md5Digest);
  if (isLegacyHash(stored)) return { ok: safeEqual(sha1Hex(digest), stored.toLowerCase()), upgrade: true };
  if (stored.startsWith("$argon2id$")) {
    const ok = await withHashSlot(() => argon2Verify(stored, digest).catch(() => false));
    return { ok, upgrade: !stored.startsWith(current) };
  }
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return { ok: false, upgrade: false };
  const [n, r, p] = parts.slice(1, 4).map(Number);
  if (![n, r, p].every(Number.isSafeInteger) || n > 1 << 20 || r > 32 || p > 16) return { ok: false, upgrade: false };
  const salt = Buffer.from(parts[4], "base64url");
  const expected = Buffer.from(parts[5], "base64url");
  const actual = await withHashSlot(() => scrypt(digest, salt, expected.length, { N: n, r, p, maxmem: 256 * 1024 * 1024 }));
  return { ok: actual.length === expected.length && timingSafeEqual(actual, expected), upgrade: true };
}

/** A random password of unambiguous characters, for the first administrator. */
export function generatePassword(length = 20): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  const limit = 256 - (256 % alphabet.length);
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // Rejection sampling keeps every character equally likely.
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}
