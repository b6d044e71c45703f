import { scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generatePassword, hashDigest, hashPlainPassword, md5Hex, sha1Hex, verifyDigest } from "./password";

describe("password hashing", () => {
  it("stores salted argon2id at OWASP's cost over the md5 digest and verifies it", async () => {
    const digest = md5Hex("Secret-1");
    const a = await hashDigest(digest);
    const b = await hashDigest(digest);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[\w+/]+\$[\w+/]+$/);
    expect(a).not.toBe(b);
    expect(await verifyDigest(digest, a)).toEqual({ ok: true, upgrade: false });
    expect(await verifyDigest(digest.toUpperCase(), a)).toMatchObject({ ok: true });
    expect((await verifyDigest(md5Hex("secret-1"), a)).ok).toBe(false);
  });

  it("hashes a typed password as the grant will see it (md5 first)", async () => {
    expect((await verifyDigest(md5Hex("typed"), await hashPlainPassword("typed"))).ok).toBe(true);
  });

  it("accepts the earlier scrypt hashes, flagged for upgrade", async () => {
    // scrypt N=2^14, r=8, p=1 of md5("Secret-1"), as the previous release stored it.
    const salt = Buffer.alloc(16, 7);
    const key = scryptSync(md5Hex("Secret-1"), salt, 32, { N: 16384, r: 8, p: 1 });
    const stored = `scrypt$16384$8$1$${salt.toString("base64url")}$${key.toString("base64url")}`;
    expect(await verifyDigest(md5Hex("Secret-1"), stored)).toEqual({ ok: true, upgrade: true });
    expect((await verifyDigest(md5Hex("Secret-2"), stored)).ok).toBe(false);
  });

  it("accepts a legacy BladeX sha1(md5) hash, flagged for upgrade", async () => {
    const legacy = sha1Hex(md5Hex("admin"));
    expect(legacy).toBe("90b9aa7e25f80cf4f64e990b78a9fc5ebd6cecad");
    expect(await verifyDigest(md5Hex("admin"), legacy)).toEqual({ ok: true, upgrade: true });
    expect((await verifyDigest(md5Hex("nope"), legacy)).ok).toBe(false);
  });

  it("rejects malformed stored values", async () => {
    for (const stored of ["", "plain", "scrypt$1$2$3", "scrypt$99999999$8$1$aa$bb", "md5$x", "$argon2id$v=19$m=19456,t=2,p=1$zz"]) {
      expect((await verifyDigest(md5Hex("x"), stored)).ok).toBe(false);
    }
  });

  it("generates strong, different passwords", () => {
    const a = generatePassword();
    expect(a).toHaveLength(20);
    expect(a).toMatch(/^[A-Za-z2-9]+$/);
    expect(generatePassword()).not.toBe(a);
  });
});
