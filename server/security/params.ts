import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/connection";
import { readRows } from "../db/data-version";
import { param } from "../db/schema";

/**
 * Settings the server reads from BladeX parameters (blade_param, platform-wide, written only by
 * the platform administrator). A missing or invalid value never breaks the server: integer
 * settings fall back to their default, and text settings read as absent.
 */
export interface IntSetting {
  key: string;
  label: string;
  min: number;
  max: number;
  fallback: number;
}

/** Failed sign-ins that lock an account (BladeX 2.9 key, seeded as 5). */
export const FAIL_COUNT: IntSetting = { key: "account.failCount", label: "登录失败次数上限", min: 1, max: 100, fallback: 5 };
/** How long a locked account stays locked. */
export const LOCK_MINUTES: IntSetting = { key: "account.lockMinutes", label: "账号锁定时长", min: 1, max: 1440, fallback: 30 };
/**
 * The password an administrator's reset gives a user (BladeX key). Deliberately not seeded: with
 * no default password, a reset path must refuse while this is unset.
 */
export const INIT_PASSWORD_KEY = "account.initPassword";

const INT_SETTINGS = [FAIL_COUNT, LOCK_MINUTES];

/** The trimmed, non-blank values of these keys. */
export async function readParamValues(db: Db, keys: string[]): Promise<Map<string, string>> {
  const rows = await readRows(db, db.select({ key: param.paramKey, value: param.paramValue }).from(param).where(and(inArray(param.paramKey, keys), eq(param.isDeleted, 0))));
  return new Map(rows.map((r) => [r.key, r.value.trim()] as const).filter(([, v]) => v !== ""));
}

export async function readParam(db: Db, key: string): Promise<string | undefined> {
  return (await readParamValues(db, [key])).get(key);
}

const parseInt10 = (value: string | undefined) => (value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : NaN);

/** The setting's value when it is an integer in range, else its default. */
export function intSetting(setting: IntSetting, value: string | undefined): number {
  const n = parseInt10(value);
  return n >= setting.min && n <= setting.max ? n : setting.fallback;
}

/** Why a value cannot be stored under a key the server reads, or null: lets the param form refuse it beside the field. */
export function settingError(key: string, value: string): string | null {
  const setting = INT_SETTINGS.find((s) => s.key === key);
  if (!setting) return null;
  const n = parseInt10(value.trim());
  return n >= setting.min && n <= setting.max ? null : `${setting.label}必须是${setting.min}到${setting.max}之间的整数`;
}
