import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * Secret fields at rest (mail passwords, SMS keys, OAuth client secrets): AES-256-GCM under a key
 * that never sits in the database, so a dump or a backup of the tables alone reveals none of them.
 *
 * Stored form: `v1:<iv>:<tag>:<data>` (base64url; 12-byte IV, 16-byte tag). The version lets a
 * later key or algorithm coexist with old rows. The field's name is bound in as associated data, so
 * a ciphertext copied into another column (a client secret into a mail password) does not open.
 */
const VERSION = "v1";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A stored value that does not open: another key, a changed byte, or not ours at all. */
export class SecretError extends Error {}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

export class SecretBox {
  private readonly key: Buffer;

  constructor(key: Uint8Array) {
    if (key.length !== KEY_BYTES) throw new Error(`The secret key must be ${KEY_BYTES} bytes (got ${key.length}).`);
    this.key = Buffer.from(key);
  }

  /** A box over a fresh random key: tests and in-memory databases, whose secrets die with them. */
  static random(): SecretBox {
    return new SecretBox(randomBytes(KEY_BYTES));
  }

  seal(plain: string, field: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    cipher.setAAD(Buffer.from(`${VERSION}|${field}`));
    const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return [VERSION, b64(iv), b64(cipher.getAuthTag()), b64(data)].join(":");
  }

  open(sealed: string, field: string): string {
    const parts = sealed.split(":");
    if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretError("not a sealed secret of a known version");
    const [, iv, tag, data] = parts.map((p) => Buffer.from(p, "base64url"));
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretError("malformed sealed secret");
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, iv);
      decipher.setAAD(Buffer.from(`${VERSION}|${field}`));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
    } catch {
      // GCM refuses a wrong key and a changed byte alike; which one it was cannot be told.
      throw new SecretError("the sealed secret does not open with this key (changed, or sealed under another key)");
    }
  }

  /** The plain value of an optional stored secret ("" when none is stored). */
  openOptional(sealed: string | null | undefined, field: string): string {
    return sealed ? this.open(sealed, field) : "";
  }
}

/** A key written as base64 (standard or url-safe) of exactly 32 bytes. */
export function parseSecretKey(text: string, where: string): Uint8Array {
  const trimmed = text.trim();
  const bytes = /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed) ? Buffer.from(trimmed, "base64") : Buffer.alloc(0);
  if (bytes.length !== KEY_BYTES) {
    throw new Error(`${where} must be the base64 of ${KEY_BYTES} random bytes (e.g. the output of \`openssl rand -base64 32\`).`);
  }
  return new Uint8Array(bytes);
}

/** Reads the key file, or creates it (0600, 32 random bytes) when it does not exist yet. */
function keyFile(path: string): Uint8Array {
  if (existsSync(path)) return parseSecretKey(readFileSync(path, "utf8"), path);
  mkdirSync(dirname(path), { recursive: true });
  const key = randomBytes(KEY_BYTES);
  // wx: two instances starting at once cannot both write a different key.
  writeFileSync(path, `${key.toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  chmodSync(path, 0o600);
  return new Uint8Array(key);
}

export const SECRET_KEY_FILE_NAME = "blade-secret.key";

export const MSG_POSTGRES_NEEDS_KEY =
  "PostgreSQL mode needs the secret-field key: set BLADE_SECRET_KEY (base64 of 32 random bytes, the same on every instance) " +
  "or BLADE_SECRET_KEY_FILE (a file holding it). It encrypts mail passwords, SMS keys and OAuth client secrets; " +
  "it is deliberately not kept in the database.";

/**
 * The key of secret fields, in this order: BLADE_SECRET_KEY; BLADE_SECRET_KEY_FILE (created when
 * missing); with PGlite, `blade-secret.key` in the data directory, generated at first start. With
 * PostgreSQL and neither variable the server refuses to start: several instances must share one
 * key, and a key generated beside one of them would leave the others unable to read the secrets.
 */
export function loadSecretKey(env: NodeJS.ProcessEnv, database: { kind: "pglite" | "postgres"; dataDir?: string }): Uint8Array {
  if (env.BLADE_SECRET_KEY) return parseSecretKey(env.BLADE_SECRET_KEY, "BLADE_SECRET_KEY");
  if (env.BLADE_SECRET_KEY_FILE) return keyFile(env.BLADE_SECRET_KEY_FILE);
  if (database.kind === "postgres" || !database.dataDir) throw new Error(MSG_POSTGRES_NEEDS_KEY);
  return keyFile(join(database.dataDir, SECRET_KEY_FILE_NAME));
}

/**
 * `text` with every form `secret` travels in replaced by ******: as sent, URL-encoded (strictly,
 * as signatures encode, and as a form encodes), and in `extraForms` (a Basic header). For error
 * messages bound for the log that may quote the request a provider was sent.
 */
export function redactSecret(text: string, secret: string, extraForms: string[] = []): string {
  if (!secret) return text;
  const strict = encodeURIComponent(secret).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const forms = [secret, encodeURIComponent(secret), strict, new URLSearchParams({ s: secret }).toString().slice(2), ...extraForms];
  return forms.reduce((t, form) => t.split(form).join("******"), text);
}
