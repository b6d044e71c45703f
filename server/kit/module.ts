import type { Hono } from "hono";
import type { AppContext, AppEnv } from "../context";

/** A backend module: its routers, each mounted under /api at its base path. */
export interface ApiModule {
  /** e.g. `/blade-system/post`. */
  base: string;
  routes(ctx: AppContext): Hono<AppEnv>;
  /**
   * Background work of a running server (the user synchronisers' schedule), started once per
   * server process by server/index.ts after the app is built — never by tests, which call the work
   * itself on their own clock. Answers what stops it.
   */
  start?(ctx: AppContext): () => void;
}
