/**
 * The notice bell's data (§2 'Notice item', issue 21): the server's resource-centre notices of the
 * signed-in user (GET /authentication/resourceNotice/list), what each opens, and which are unread.
 *
 * "Unread" needs no table: each item carries the time it became news, and the browser keeps, per
 * user, the server time at which the user last opened the bell (client storage, §9). Newer is
 * unread. The server's own `now` is kept rather than the browser's clock, so a skewed clock never
 * hides or repeats an item.
 */
import { http } from "../providers/http";
import { useMemo, useSyncExternalStore } from "react";
import { getStore, onStoreChange, setStore } from "../providers/storage";
import { PAGES } from "../../domain/menus";
import { API } from "../../domain/contract/api";

export type NoticeKind = "decide" | "decided" | "ending";

export interface NoticeItemData {
  id: string;
  kind: NoticeKind;
  requestId: string;
  appName: string;
  userName: string;
  /** The request's state: 1 approved, 2 rejected (for `decided`). */
  state: number;
  /** When it became news (server time, `YYYY-MM-DD HH:mm:ss`). */
  time: string;
  endTime: string;
}

export interface NoticeList {
  now: string;
  items: NoticeItemData[];
}

/** The tabs of the bell, in order: requests to decide, my requests decided, my grants ending. */
export const NOTICE_TABS: NoticeKind[] = ["decide", "decided", "ending"];

/** The page each kind opens: 审批管理, 资源申请, 我的资源. */
export const NOTICE_PAGE: Record<NoticeKind, string> = {
  decide: PAGES.approvalManagement.path!,
  decided: PAGES.resourceApplication.path!,
  ending: PAGES.myResources.path!,
};

/** How often the bell asks again while the console stays open; the spec of issue 21 allows no more than once a minute. */
export const NOTICE_REFRESH_MS = 5 * 60_000;

/**
 * Silent: a gateway without the resource centre (a plain BladeX) answers 404, and the bell then
 * simply stays empty rather than greeting every page with an error.
 */
export async function fetchNotices(): Promise<NoticeList> {
  const body = await http.get<{ data?: NoticeList }>(API.get("/authentication/resourceNotice/list"), { silent: true });
  return { now: body.data?.now ?? "", items: Array.isArray(body.data?.items) ? body.data.items : [] };
}

const seenKey = (userId: string) => `noticeSeen-${userId}`;

/**
 * What `userId` had in view when they last opened the bell: the server time of that answer, and
 * the items of that very second (times have whole seconds: one decided a moment after the answer,
 * in the same second, must still count as unread).
 */
export interface Seen {
  at: string;
  ids: string[];
}

const NEVER: Seen = { at: "", ids: [] };

export function lastSeen(userId: string): Seen {
  const stored = getStore<Seen>({ name: seenKey(userId) });
  return stored && typeof stored.at === "string" && Array.isArray(stored.ids) ? stored : NEVER;
}

export function markSeen(userId: string, list: NoticeList) {
  // Never backwards: an older answer arriving late must not make read items unread again.
  if (!list.now || list.now < lastSeen(userId).at) return;
  setStore({ name: seenKey(userId), content: { at: list.now, ids: list.items.filter((i) => i.time === list.now).map((i) => i.id) } });
}

export const isUnread = (item: NoticeItemData, seen: Seen) => item.time > seen.at || (item.time === seen.at && !seen.ids.includes(item.id));

/** lastSeen of `userId`, re-read when it changes (here or in another tab). */
export function useLastSeen(userId: string): Seen {
  // The snapshot is the stored text: a fresh object per read would re-render without end.
  const read = () => (userId ? JSON.stringify(lastSeen(userId)) : "");
  const text = useSyncExternalStore((listener) => onStoreChange((name) => (name === null || name === seenKey(userId)) && listener()), read, read);
  return useMemo(() => (text ? (JSON.parse(text) as Seen) : NEVER), [text]);
}
