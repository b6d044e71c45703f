import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Passwords are stored as scrypt over the md5 hex digest that the console sends at the token
 * grant (§5 "password transport"), so every path that sets a password produces something the
 * grant can verify. BladeX's unsalted sha1(md5) hex is still accepted, only to be replaced by
 * scrypt at the next successful sign-in.
 */
const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
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
  const salt = randomBytes(16);
  const key = await scrypt(normalise(md5Digest), salt, KEY_LENGTH, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

/** For passwords typed into a form (user create, update-password): md5 first, like the console. */
export const hashPlainPassword = (plain: string) => hashDigest(md5Hex(plain));

export const isLegacyHash = (stored: string) => /^[0-9a-f]{40}$/i.test(stored);

export interface Verification {
  ok: boolean;
  /** The stored hash is legacy and should be replaced now that the password is known. */
  upgrade: boolean;
}

export async function verifyDigest(md5Digest: string, stored: string): Promise<Verification> {
  const digest = normalise(md5Digest);
  if (isLegacyHash(stored)) return { ok: safeEqual(sha1Hex(digest), stored.toLowerCase()), upgrade: true };
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return { ok: false, upgrade: false };
  const [n, r, p] = parts.slice(1, 4).map(Number);
  if (![n, r, p].every(Number.isSafeInteger) || n > 1 << 20 || r > 32 || p > 16) return { ok: false, upgrade: false };
  const salt = Buffer.from(parts[4], "base64url");
  const expected = Buffer.from(parts[5], "base64url");
  const actual = await scrypt(digest, salt, expected.length, { N: n, r, p, maxmem: 256 * 1024 * 1024 });
  return { ok: actual.length === expected.length && timingSafeEqual(actual, expected), upgrade: n < N };
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
