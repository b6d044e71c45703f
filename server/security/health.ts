import { sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { dbOf } from "./handle";

/** The database answers a trivial statement (start-up and load-balancer checks); throws when it does not. */
export async function pingDatabase(ctx: AppContext): Promise<void> {
  await dbOf(ctx).execute(sql`select 1`);
}
