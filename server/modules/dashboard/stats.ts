import { and, count, countDistinct, desc, eq, gt, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { AppContext } from "../../context";
import { appVisitLog, authSession, dept, loginLog, user } from "../../db/schema";
import { formatDateTime, parseDateTime } from "../../db/time";
import { badRequest } from "../../http/errors";
import type { TenantScope } from "../../security/tenant-scope";

/**
 * The dashboard's figures, each one aggregate over the real tables of one tenant (the caller's,
 * or the one the platform administrator names). The logs are read by (tenant_id, create_time)
 * ranges, which their indexes answer, so a figure costs the rows of its window, not of the table.
 */

const DAY = 24 * 60 * 60 * 1000;

/** Days of the trend and of the application ranking. */
export const TREND_DAYS = 30;
/** Days of the hour-of-day access distribution. */
export const DISTRIBUTION_DAYS = 7;

/** Local midnight `days` before today, as the logs store dates (`YYYY-MM-DD HH:mm:ss`). */
function startOfDay(now: number, daysBack = 0): Date {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() - daysBack);
  return d;
}

const at = (d: Date) => formatDateTime(d);

export interface Window {
  from: string;
  to: string;
}

/** The dashboard date filter (§3 dateTime): a day (`YYYY-MM-DD`, a time is ignored) or a month (`YYYY-MM`). Default today. */
export function windowOf(dateTime: string | undefined, now: number): Window {
  if (!dateTime) return { from: at(startOfDay(now)), to: at(startOfDay(now, -1)) };
  const month = /^(\d{4})-(\d{2})$/.exec(dateTime);
  if (month && parseDateTime(`${dateTime}-01`)) {
    const from = new Date(Number(month[1]), Number(month[2]) - 1, 1);
    from.setFullYear(Number(month[1]));
    const to = new Date(from);
    to.setMonth(to.getMonth() + 1);
    return { from: at(from), to: at(to) };
  }
  const parsed = parseDateTime(dateTime);
  if (!parsed) throw badRequest("日期格式错误: dateTime，应为 YYYY-MM-DD 或 YYYY-MM");
  const [y, m, d] = parsed.slice(0, 10).split("-").map(Number);
  const from = new Date(2000, 0, 1);
  from.setFullYear(y, m - 1, d);
  const to = new Date(from);
  to.setDate(to.getDate() + 1);
  return { from: at(from), to: at(to) };
}

export class DashboardStats {
  constructor(
    private readonly ctx: AppContext,
    private readonly scope: TenantScope,
    /** The tenant every figure covers. */
    readonly tenantId: string,
  ) {}

  private get now() {
    return this.ctx.now();
  }

  /** `fields` of the sign-ins from `from` (until `to`) in the tenant of the figures. */
  private logins<S extends SelectedFields>(fields: S, from: string, to?: string, extra?: SQL) {
    const window = and(gte(loginLog.createTime, from), to ? lt(loginLog.createTime, to) : undefined, extra);
    return this.scope.log(loginLog).select(fields, window, this.tenantId);
  }

  /** `fields` of the application visits since `from` in the tenant of the figures. */
  private visits<S extends SelectedFields>(fields: S, from: string) {
    return this.scope.log(appVisitLog).select(fields, gte(appVisitLog.createTime, from), this.tenantId);
  }

  /** Headline numbers: users, departments, applications visited, online sessions, today's sign-ins and visits. */
  async baseInfo() {
    const today = at(startOfDay(this.now));
    const month = at(startOfDay(this.now, TREND_DAYS - 1));
    const [users, depts, online, [logins], [visits], [apps]] = await Promise.all([
      this.scope.repo(user).count(undefined, this.tenantId),
      this.scope.repo(dept).count(undefined, this.tenantId),
      this.scope.owned(authSession).count(and(eq(authSession.revoked, 0), gt(authSession.expiresAt, this.now)), this.tenantId),
      this.logins({ total: count(), success: sql<string>`count(*) filter (where ${loginLog.success} = 1)` }, today),
      this.visits({ n: count() }, today),
      this.visits({ n: countDistinct(appVisitLog.appId) }, month),
    ]);
    const loginTotal = Number(logins.total);
    const loginSuccess = Number(logins.success);
    return {
      userCount: users,
      deptCount: depts,
      appCount: Number(apps.n),
      onlineCount: online,
      todayLoginCount: loginSuccess,
      todayLoginFailCount: loginTotal - loginSuccess,
      todayVisitCount: Number(visits.n),
    };
  }

  /** Application visits by hour of day over the last week: when the platform is used. */
  async accessDistribution() {
    const hour = sql<number>`extract(hour from ${appVisitLog.createTime})::int`;
    const rows = await this.visits({ hour, n: count() }, at(startOfDay(this.now, DISTRIBUTION_DAYS - 1))).groupBy(hour);
    const byHour = new Map(rows.map((r) => [Number(r.hour), Number(r.n)]));
    return Array.from({ length: 24 }, (_, h) => ({ hour: `${String(h).padStart(2, "0")}:00`, count: byHour.get(h) ?? 0 }));
  }

  /** The ten most visited applications of the last 30 days. */
  async applicationAccessTop10() {
    const n = count();
    const rows = await this.visits({ appId: appVisitLog.appId, appName: sql<string>`max(${appVisitLog.appName})`, n }, at(startOfDay(this.now, TREND_DAYS - 1)))
      .groupBy(appVisitLog.appId)
      .orderBy(desc(n), appVisitLog.appId)
      .limit(10);
    return rows.map((r) => ({ appId: r.appId, appName: r.appName || r.appId, count: Number(r.n) }));
  }

  /** Successful sign-ins by department within the date filter's day or month. */
  async userAuthDeptDistribution(dateTime: string | undefined) {
    const { from, to } = windowOf(dateTime, this.now);
    const n = count();
    const rows = await this.logins({ deptId: loginLog.deptId, n }, from, to, eq(loginLog.success, 1))
      .groupBy(loginLog.deptId)
      .orderBy(desc(n));
    const ids = rows.map((r) => r.deptId).filter((id) => id !== "0");
    const names = ids.length
      ? (await this.scope.lookup([{ name: "dept", table: dept, key: dept.id, label: dept.deptName, where: inArray(dept.id, ids) }])).get("dept")!
      : new Map<string, string>();
    return rows.map((r) => ({ deptId: r.deptId, deptName: names.get(r.deptId) ?? "", count: Number(r.n) }));
  }

  /** Sign-ins per day over the last 30 days, successes and failures apart; days without any are 0. */
  async userAuthTrend() {
    const first = startOfDay(this.now, TREND_DAYS - 1);
    const day = sql<string>`to_char(${loginLog.createTime}, 'YYYY-MM-DD')`;
    const rows = await this.logins(
      { day, success: sql<string>`count(*) filter (where ${loginLog.success} = 1)`, fail: sql<string>`count(*) filter (where ${loginLog.success} <> 1)` },
      at(first),
    ).groupBy(day);
    const byDay = new Map(rows.map((r) => [r.day, r]));
    return Array.from({ length: TREND_DAYS }, (_, i) => {
      const date = at(new Date(first.getTime() + i * DAY + 12 * 60 * 60 * 1000)).slice(0, 10);
      const r = byDay.get(date);
      return { date, success: Number(r?.success ?? 0), fail: Number(r?.fail ?? 0) };
    });
  }
}
