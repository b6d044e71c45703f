import { and, desc, eq, gte, inArray, isNotNull } from "drizzle-orm";
import type { AppContext } from "../../context";
import { app, resourceRequest, user } from "../../db/schema";
import { formatDateTime, trimDateTime } from "../../db/time";
import { ok } from "../../http/errors";
import { AUTHENTICATED, defineRoutes } from "../../security/authorize";
import { liveGrants } from "./access";
import { authorityOf, decidable } from "./authority";
import { STATE, expireGrants } from "./events";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A grant is announced this long before it ends. */
export const ENDING_WITHIN_DAYS = 7;
/** A decision stays in the bell this long. */
export const DECIDED_WITHIN_DAYS = 30;
/** At most this many items of each kind: the bell is a pointer to the pages, not a list of its own. */
export const NOTICE_LIMIT = 20;

export type NoticeKind = "decide" | "decided" | "ending";

export interface NoticeItem {
  /** Unique across kinds: `${kind}:${requestId}`. */
  id: string;
  kind: NoticeKind;
  requestId: string;
  appName: string;
  /** The requester (for `decide`). */
  userName: string;
  state: number;
  /** When it became news for the caller: the request reached them, was decided, or entered its last 7 days. */
  time: string;
  /** The grant's end (for `ending`). */
  endTime: string;
}

/**
 * GET /authentication/resourceNotice/list: what the notice bell shows the signed-in user —
 * requests waiting for their decision (the rule of 审批管理, authority.ts), their own requests
 * decided in the last 30 days, and their grants ending within 7 days — each with the time it became
 * news, and the server's `now`. Nothing is stored per user: the console keeps when the user last
 * looked (client storage) and counts as unread what is newer, so this needs no table of its own.
 * Open to any signed-in user; each kind reads only the caller's own rows or what they may decide.
 */
export function resourceNoticeRoutes(ctx: AppContext) {
  return defineRoutes(ctx, [
    {
      method: "GET",
      path: "/list",
      access: AUTHENTICATED,
      handler: async (c) => {
        const { scope, caller } = c.var;
        await expireGrants(scope);
        const sys = scope.systemIn(caller.tenantId);
        const now = scope.clock();
        const requests = sys.repo(resourceRequest);

        const where = decidable(await authorityOf(c), caller.userId);
        const waiting = where ? await requests.list(where, { orderBy: [desc(resourceRequest.updateTime), desc(resourceRequest.id)], limit: NOTICE_LIMIT }) : [];
        const since = formatDateTime(new Date(now - DECIDED_WITHIN_DAYS * DAY_MS));
        const decided = await requests.list(
          and(
            eq(resourceRequest.userId, caller.userId),
            inArray(resourceRequest.state, [STATE.approved, STATE.rejected]),
            isNotNull(resourceRequest.decideTime),
            gte(resourceRequest.decideTime, since),
          ),
          { orderBy: [desc(resourceRequest.decideTime), desc(resourceRequest.id)], limit: NOTICE_LIMIT },
        );
        const horizon = formatDateTime(new Date(now + ENDING_WITHIN_DAYS * DAY_MS));
        const ending = (await liveGrants(sys, caller.userId, now))
          .filter((g) => g.endTime !== null && trimDateTime(g.endTime) <= horizon)
          .sort((x, y) => trimDateTime(x.endTime).localeCompare(trimDateTime(y.endTime)))
          .slice(0, NOTICE_LIMIT);

        const appIds = [...new Set([...waiting, ...decided, ...ending].map((r) => r.appId))];
        const apps = appIds.length ? await sys.repo(app).list(inArray(app.id, appIds)) : [];
        const userIds = [...new Set(waiting.map((r) => r.userId))];
        const people = userIds.length ? await sys.repo(user).list(inArray(user.id, userIds)) : [];
        const appName = (id: string) => apps.find((a) => a.id === id)?.appName ?? "";
        const item = (kind: NoticeKind, requestId: string, fields: Partial<NoticeItem>): NoticeItem => ({
          id: `${kind}:${requestId}`,
          kind,
          requestId,
          appName: "",
          userName: "",
          state: STATE.pending,
          time: "",
          endTime: "",
          ...fields,
        });

        const items: NoticeItem[] = [
          ...waiting.map((r) =>
            item("decide", r.id, {
              appName: appName(r.appId),
              userName: people.find((p) => p.id === r.userId)?.realName ?? "",
              // The second step reaches an administrator when the owner passes it on (the row's update).
              time: trimDateTime(r.updateTime ?? r.createTime),
            }),
          ),
          ...decided.map((r) => item("decided", r.id, { appName: appName(r.appId), state: r.state, time: trimDateTime(r.decideTime) })),
          ...ending.map((g) => {
            const end = trimDateTime(g.endTime);
            const entered = formatDateTime(new Date(new Date(end.replace(" ", "T")).getTime() - ENDING_WITHIN_DAYS * DAY_MS));
            const granted = trimDateTime(g.createTime);
            // News from the later of: the grant was made, or it entered its last 7 days.
            return item("ending", g.requestId, { appName: appName(g.appId), state: STATE.approved, time: granted > entered ? granted : entered, endTime: end });
          }),
        ];
        return ok(c, { now: formatDateTime(new Date(now)), items });
      },
    },
  ]);
}
