import { addTranslations } from "../../../providers/i18n";
import { smsFields, smsMessages, smsProviderLabels } from "../../../../domain/resources/system/shortMessageService/spec";

const pick = <T extends Record<string, { zh: string; en: string } | { label: { zh: string; en: string } }>>(o: T, lang: "zh" | "en") =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, "label" in v ? v.label[lang] : v[lang]]));

/** 短信配置: labels and messages from the spec, and the page's own words (keys `shortMessageService.*`). */
addTranslations("shortMessageService", {
  zh: {
    ...pick(smsMessages, "zh"),
    fields: pick(smsFields, "zh"),
    providers: pick(smsProviderLabels, "zh"),
    status: "启用状态",
    enabled: "已启用",
    disabled: "未启用",
    enableConfirm: "启用后,登录和找回密码的短信验证码将通过该配置发送。确定启用?",
    disableConfirm: "停用后,短信验证码只写入服务器日志。确定停用?",
    saved: "修改成功",
    statusChanged: "操作成功",
    loadFailed: "短信配置加载失败",
    retry: "重试",
    endpointHelp: "留空则使用服务商的官方接口地址",
    logHelp: "验证码只写入服务器日志,不会发送短信(开发和演示环境)",
    saveFirst: "请先保存配置",
  },
  en: {
    ...pick(smsMessages, "en"),
    fields: pick(smsFields, "en"),
    providers: pick(smsProviderLabels, "en"),
    status: "Status",
    enabled: "Enabled",
    disabled: "Disabled",
    enableConfirm: "Once enabled, the sign-in and find-password SMS codes go out through this configuration. Enable it?",
    disableConfirm: "Once disabled, SMS codes are only written to the server log. Disable it?",
    saved: "Updated successfully",
    statusChanged: "Done",
    loadFailed: "The SMS settings could not be loaded",
    retry: "Retry",
    endpointHelp: "Empty: the provider's official API address",
    logHelp: "Codes are only written to the server log, no SMS is sent (development and demos)",
    saveFirst: "Save the settings first",
  },
});
