import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MSG_POSTGRES_NEEDS_KEY, SECRET_KEY_FILE_NAME, SecretBox, SecretError, loadSecretKey, parseSecretKey } from "./secrets";

const box = () => new SecretBox(randomBytes(32));

describe("SecretBox", () => {
  it("seals to a versioned v1:iv:tag:data text without the plaintext, and opens it again", () => {
    const b = box();
    const sealed = b.seal("s3cret-Pässwörd", "mail.password");
    expect(sealed).toMatch(/^v1:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(sealed).not.toContain("s3cret");
    expect(b.open(sealed, "mail.password")).toBe("s3cret-Pässwörd");
    // A fresh IV every time: equal secrets do not look equal at rest.
    expect(b.seal("same", "f")).not.toBe(b.seal("same", "f"));
  });

  it("refuses a changed byte anywhere", () => {
    const b = box();
    const sealed = b.seal("hello", "f");
    const [v, iv, tag, data] = sealed.split(":");
    const flip = (s: string) => (s[0] === "A" ? "B" : "A") + s.slice(1);
    for (const bad of [[v, flip(iv), tag, data], [v, iv, flip(tag), data], [v, iv, tag, flip(data)]]) {
      expect(() => b.open(bad.join(":"), "f")).toThrow(SecretError);
    }
    expect(() => b.open(`v2:${iv}:${tag}:${data}`, "f")).toThrow(SecretError);
    expect(() => b.open("plaintext", "f")).toThrow(SecretError);
  });

  it("refuses another key, and a ciphertext moved to another field", () => {
    const sealed = box().seal("hello", "f");
    expect(() => box().open(sealed, "f")).toThrow(/another key/);
    const b = box();
    expect(() => b.open(b.seal("hello", "sms.secretKey"), "mail.password")).toThrow(SecretError);
  });

  it("wants a 32-byte key", () => {
    expect(() => new SecretBox(new Uint8Array(16))).toThrow(/32 bytes/);
    expect(parseSecretKey(randomBytes(32).toString("base64"), "K")).toHaveLength(32);
    expect(() => parseSecretKey("too-short", "BLADE_SECRET_KEY")).toThrow(/BLADE_SECRET_KEY must be the base64 of 32/);
  });
});

describe("loadSecretKey", () => {
  it("takes BLADE_SECRET_KEY first", () => {
    const key = randomBytes(32);
    expect(Buffer.from(loadSecretKey({ BLADE_SECRET_KEY: key.toString("base64") }, { kind: "postgres" }))).toEqual(key);
  });

  it("generates a 0600 key file in the PGlite data directory at first start and reads it later", () => {
    const dir = mkdtempSync(join(tmpdir(), "blade-secret-"));
    const first = loadSecretKey({}, { kind: "pglite", dataDir: dir });
    const file = join(dir, SECRET_KEY_FILE_NAME);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8").trim()).toBe(Buffer.from(first).toString("base64"));
    expect(loadSecretKey({}, { kind: "pglite", dataDir: dir })).toEqual(first);
  });

  it("uses BLADE_SECRET_KEY_FILE, and refuses PostgreSQL without a key", () => {
    const file = join(mkdtempSync(join(tmpdir(), "blade-secret-")), "k");
    const key = loadSecretKey({ BLADE_SECRET_KEY_FILE: file }, { kind: "postgres" });
    expect(loadSecretKey({ BLADE_SECRET_KEY_FILE: file }, { kind: "postgres" })).toEqual(key);
    expect(() => loadSecretKey({}, { kind: "postgres" })).toThrow(MSG_POSTGRES_NEEDS_KEY);
  });
});
