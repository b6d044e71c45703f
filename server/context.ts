import type { Db } from "./db/connection";
import type { Caller } from "./security/caller";

/** What the modules share; built once per app (tests build one per database). */
export interface AppContext {
  db: Db;
  /** HS256 key of every token, generated at first start and kept in blade_setting. */
  jwtKey: Uint8Array;
  /** Milliseconds since the epoch; tests move it to expire tokens and locks. */
  now(): number;
  /** Where unexpected errors go (never into a response). */
  logError(error: unknown, where: string): void;
}

export interface AppEnv {
  Variables: { caller: Caller };
}
