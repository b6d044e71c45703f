import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/connection";
import { readRows } from "../db/data-version";
import { param } from "../db/schema";
import { dbOf, type Handle } from "./handle";

/**
 * Settings the server reads from BladeX parameters (blade_param, platform-wide, written only by
 * the platform administrator). A missing or blank value reads as absent.
 */

/**
 * Keys that once set the login lockout (BladeX 2.9 seeded them). The lockout is the password
 * policy's alone now (per tenant, with its own screen): these keys are read by nothing, migration
 * 0009 retired the seeded rows, and the parameter form refuses them with where the rule lives.
 */
export const RETIRED_LOCKOUT_KEYS = ["account.failCount", "account.lockMinutes"];
export const MSG_LOCKOUT_IN_POLICY = "登录失败锁定规则(失败次数、锁定时长)在「密码策略」中设置,此参数不再生效";

/**
 * The password an administrator's reset gives a user (BladeX key). Deliberately not seeded: with
 * no default password, a reset path must refuse while this is unset.
 */
export const INIT_PASSWORD_KEY = "account.initPassword";

/** The trimmed, non-blank values of these keys. */
export async function readParamValues(db: Db, keys: string[]): Promise<Map<string, string>> {
  const rows = await readRows(db, db.select({ key: param.paramKey, value: param.paramValue }).from(param).where(and(inArray(param.paramKey, keys), eq(param.isDeleted, 0))));
  return new Map(rows.map((r) => [r.key, r.value.trim()] as const).filter(([, v]) => v !== ""));
}

export async function readParam(handle: Handle, key: string): Promise<string | undefined> {
  const db = dbOf(handle);
  return (await readParamValues(db, [key])).get(key);
}

/** Why this key cannot be stored, or null: lets the param form refuse it beside the field, saying where the rule lives. */
export function settingError(key: string): string | null {
  return RETIRED_LOCKOUT_KEYS.includes(key.trim()) ? MSG_LOCKOUT_IN_POLICY : null;
}
