import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "./connection";
import { setting } from "./schema";

/** Keys of blade_setting. */
export const SETTING = {
  /** Present once the first start has seeded the database. */
  seededAt: "seeded_at",
  /** base64url of 32 random bytes: the HS256 key of every token. */
  jwtSecret: "jwt_secret",
} as const;

export async function getSetting(db: Db, key: string): Promise<string | undefined> {
  const rows = await db.select({ value: setting.value }).from(setting).where(eq(setting.key, key));
  return rows[0]?.value;
}

export const newJwtSecret = () => randomBytes(32).toString("base64url");

export async function loadJwtSecret(db: Db): Promise<Uint8Array> {
  const value = await getSetting(db, SETTING.jwtSecret);
  if (!value) throw new Error("The database has no JWT secret: it was not seeded.");
  return new Uint8Array(Buffer.from(value, "base64url"));
}
