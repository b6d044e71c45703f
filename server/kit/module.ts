import type { Hono } from "hono";
import type { AppContext, AppEnv } from "../context";

/** A backend module: its routers, each mounted under /api at its base path. */
export interface ApiModule {
  /** e.g. `/blade-system/post`. */
  base: string;
  routes(ctx: AppContext): Hono<AppEnv>;
}
