import { describe, expect, it } from "vitest";
import { i18n } from "../providers/i18n";
import { NOTICE_TABS } from "./notice-items";
import "./i18n";

const keys = (o: unknown, prefix = ""): string[] =>
  o && typeof o === "object" ? Object.entries(o).flatMap(([k, v]) => keys(v, `${prefix}${k}.`)) : [prefix.slice(0, -1)];

describe("layout texts", () => {
  it("exist in zh and en alike", () => {
    const zh = keys(i18n.getResourceBundle("zh", "translation").layout).sort();
    const en = keys(i18n.getResourceBundle("en", "translation").layout).sort();
    expect(zh).toEqual(en);
    expect(zh.length).toBeGreaterThan(70);
  });

  it("use the spec's exact zh wording", () => {
    const zh = i18n.getFixedT("zh");
    expect(zh("layout.errorLog.uploadConfirm")).toBe("确定上传本地日志到服务器?");
    expect(zh("layout.errorLog.uploaded")).toBe("发送成功!");
    expect(zh("layout.errorLog.clearConfirm")).toBe("确定清空本地日志记录?");
    expect(zh("layout.errorLog.cleared")).toBe("清空成功!");
    expect(zh("layout.clearCache.confirm")).toBe("是否需要清除缓存?");
    expect(zh("layout.clearCache.done")).toBe("清除完毕");
    expect(zh("layout.version.text")).toBe("检测到新版本，是否立即刷新使用?");
    expect(zh("layout.lock.wrong")).toBe("解锁密码错误");
    expect(i18n.getFixedT("en")("layout.version.text")).toBe("New version detected, refresh to use now");
  });

  it("name every tab and tag of the notice bell", () => {
    const en = i18n.getFixedT("en");
    const keys = [...NOTICE_TABS.map((k) => `layout.notice.${k}`), ...["pending", "approved", "rejected", "ending"].map((k) => `layout.noticeStatus.${k}`)];
    for (const key of keys) expect(en(key)).not.toBe(key);
  });
});
