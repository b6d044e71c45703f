import { BellOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Badge, Button, Popover, Spin } from "antd";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { NOTICE_PAGE, NOTICE_REFRESH_MS, NOTICE_TABS, fetchNotices, isUnread, lastSeen, markSeen, useLastSeen, type NoticeItemData, type NoticeKind, type Seen } from "./notice-items";
import { useSessionUser } from "./session-user";
import { lazyRoute } from "../components/lazy-route";

// The list and its items load at the first opening of the bell; the badge needs only the count.
const NoticeTabs = lazyRoute(() => import("./NoticeTabs"));

/**
 * The bell of §2 with the resource centre's notices (issue 21): requests waiting for my decision,
 * my requests decided, my grants ending within 7 days. One request when the layout mounts, one
 * when the bell is opened, and one every few minutes (never more often than once a minute). The
 * badge counts what arrived since the user last opened the bell; opening it marks all as read,
 * while the open popover still marks what was new when it opened.
 */
export function NoticePopover() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userId = useSessionUser()?.user_id ?? "";
  const [open, setOpen] = useState(false);
  /** What the user had seen when they opened the bell: the items newer than it stay marked while it is open. */
  const [seenAtOpen, setSeenAtOpen] = useState<Seen>({ at: "", ids: [] });
  const [tab, setTab] = useState<NoticeKind>("decide");
  const { data, refetch } = useQuery({
    queryKey: ["resourceNotice", userId],
    queryFn: fetchNotices,
    enabled: userId !== "",
    staleTime: 60_000,
    refetchInterval: NOTICE_REFRESH_MS,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const items = data?.items ?? [];
  const seen = useLastSeen(userId);
  const unread = items.filter((i) => isUnread(i, seen)).length;

  const onOpenChange = async (next: boolean) => {
    setOpen(next);
    if (!next || !userId) return;
    const before = lastSeen(userId);
    setSeenAtOpen(before);
    const fresh = await refetch();
    if (!fresh.data) return;
    // Open where the news is: the first tab with an unread item, else the first with any.
    const list = fresh.data.items;
    const first = (test: (i: NoticeItemData) => boolean) => NOTICE_TABS.find((k) => list.some((i) => i.kind === k && test(i)));
    setTab(first((i) => isUnread(i, before)) ?? first(() => true) ?? "decide");
    markSeen(userId, fresh.data);
  };

  const openItem = (item: NoticeItemData) => {
    setOpen(false);
    navigate(NOTICE_PAGE[item.kind]);
  };

  const content = (
    <Suspense fallback={<Spin style={{ display: "block", width: 340, padding: 24 }} aria-label={t("loading")} />}>
      <NoticeTabs items={items} tab={tab} onTab={setTab} seenAtOpen={seenAtOpen} onOpen={openItem} />
    </Suspense>
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={content} arrow={false} open={open} onOpenChange={(next) => void onOpenChange(next)}>
      <Badge count={unread} size="small" offset={[-4, 4]}>
        <Button type="text" icon={<BellOutlined />} aria-label={t("layout.notice.title")} />
      </Badge>
    </Popover>
  );
}
