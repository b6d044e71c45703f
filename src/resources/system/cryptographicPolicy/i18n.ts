import { addTranslations } from "../../../providers/i18n";
import { POLICY_FLAGS, POLICY_LIMITS } from "../../../../domain/validation/password-policy";

const labels = (lang: "zh" | "en") => ({
  ...Object.fromEntries(Object.entries(POLICY_LIMITS).map(([k, v]) => [k, v[lang]])),
  ...Object.fromEntries(Object.entries(POLICY_FLAGS).map(([k, v]) => [k, v[lang]])),
});

/** 密码策略: the page's words (field labels come from domain/validation/password-policy.ts, said once). */
addTranslations("cryptographicPolicy", {
  zh: {
    title: "密码策略",
    fields: labels("zh"),
    sections: { length: "密码组成", lifetime: "有效期与历史", lock: "登录锁定" },
    source: { tenant: "本租户策略", platform: "沿用平台策略", default: "默认策略(尚未保存)" },
    help: {
      classes: "选中的字符类型每种至少出现一次,且密码只能由选中的类型组成",
      expireDays: "0 表示永不过期;过期后登录时须先修改密码",
      historyCount: "0 表示不限制;新密码不能与最近 N 次使用过的密码相同",
      lock: "登录失败锁定只在此处设置:连续失败达到次数后,账号锁定到时长结束(管理员可在用户管理中解锁)。参数管理中的 account.failCount、account.lockMinutes 已不再生效",
    },
    unit: { days: "天", times: "次", minutes: "分钟", chars: "个字符" },
    reset: "重置",
    restore: "恢复默认",
    restoreConfirm: "确定清除已保存的密码策略?清除后沿用平台策略(平台则恢复默认值)",
    restored: "已恢复默认策略",
    loadFailed: "密码策略加载失败",
    retry: "重试",
  },
  en: {
    title: "Password policy",
    fields: labels("en"),
    sections: { length: "Composition", lifetime: "Expiry and history", lock: "Sign-in lock" },
    source: { tenant: "This tenant's policy", platform: "Following the platform's policy", default: "Default policy (not saved yet)" },
    help: {
      classes: "Each chosen class must appear at least once, and only chosen classes may be used",
      expireDays: "0 means never; an expired password must be changed at sign-in",
      historyCount: "0 means no limit; a new password must differ from the last N",
      lock: "The sign-in lock is set here only: after this many failed sign-ins in a row, the account stays locked for the duration (an administrator can unlock it in Users). The parameters account.failCount and account.lockMinutes no longer apply",
    },
    unit: { days: "days", times: "times", minutes: "minutes", chars: "characters" },
    reset: "Reset",
    restore: "Restore default",
    restoreConfirm: "Clear the saved password policy? The tenant then follows the platform's (the platform returns to the defaults)",
    restored: "Default policy restored",
    loadFailed: "The password policy could not be loaded",
    retry: "Retry",
  },
});
