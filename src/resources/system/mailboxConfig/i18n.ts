import { addTranslations } from "../../../providers/i18n";
import { mailFields, mailMessages } from "../../../../domain/resources/system/mailboxConfig/spec";

const labels = (lang: "zh" | "en") => Object.fromEntries(Object.entries(mailFields).map(([k, f]) => [k, f.label[lang]]));
const messages = (lang: "zh" | "en") => Object.fromEntries(Object.entries(mailMessages).map(([k, m]) => [k, m[lang]]));

/** 邮箱配置: labels and messages from the spec, and the page's own words (keys `mailboxConfig.*`). */
addTranslations("mailboxConfig", {
  zh: {
    ...messages("zh"),
    fields: labels("zh"),
    saved: "修改成功",
    test: "发送测试邮件",
    testTitle: "发送测试邮件",
    send: "发送",
    sent: "邮件服务器已接收",
    notSent: "发送失败",
    answer: "服务器应答",
    loadFailed: "邮箱配置加载失败",
    retry: "重试",
    trustsHelp: "证书按原样信任的主机,以空格或逗号分隔;* 表示全部",
    unsavedTest: "测试使用已保存的配置,请先保存修改",
  },
  en: {
    ...messages("en"),
    fields: labels("en"),
    saved: "Updated successfully",
    test: "Send test mail",
    testTitle: "Send a test mail",
    send: "Send",
    sent: "Accepted by the mail server",
    notSent: "Not sent",
    answer: "Server's answer",
    loadFailed: "The mail settings could not be loaded",
    retry: "Retry",
    trustsHelp: "Hosts whose certificate is trusted as it is, separated by spaces or commas; * for all",
    unsavedTest: "The test uses the saved settings: save your changes first",
  },
});
