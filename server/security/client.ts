import { and, eq } from "drizzle-orm";
import { readRows } from "../db/data-version";
import { client } from "../db/schema";
import { safeEqual, sha256Hex } from "./password";
import { dbOf, type Handle } from "./handle";

export type ClientRow = typeof client.$inferSelect;

/** `Authorization: Basic base64(clientId:clientSecret)` → the registered, enabled client, or null. */
export async function authenticateClient(handle: Handle, header: string | undefined): Promise<ClientRow | null> {
  const db = dbOf(handle);
  const match = /^basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? "");
  if (!match) return null;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon <= 0) return null;
  const [id, secret] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
  const rows = await readRows(db, db.select().from(client).where(and(eq(client.clientId, id), eq(client.isDeleted, 0), eq(client.status, 1))));
  const row = rows[0];
  // Hash even when the client is unknown, so timing does not tell which ids exist.
  const ok = safeEqual(sha256Hex(secret), row?.clientSecret ?? sha256Hex(`${secret}\0`));
  return row && ok ? row : null;
}

export const allowsGrant = (row: ClientRow, grant: string) =>
  row.authorizedGrantTypes.split(",").map((s) => s.trim()).includes(grant);
