import { addTranslations } from "../../../providers/i18n";
import type { Message } from "../../../../domain/validation";
import {
  SYNC_OPTION_LABELS,
  SYNC_SCHEDULE_LABELS,
  SYNC_SOURCE_LABELS,
  syncMessages,
} from "../../../../domain/resources/applicationManagement/userSynchronizer/spec";
import { taskResultLabels } from "../../../../domain/resources/applicationManagement/taskResult/spec";

type Lang = "zh" | "en";
const pick = (messages: Record<string, Message>, lang: Lang) => Object.fromEntries(Object.entries(messages).map(([k, m]) => [k, m[lang]]));

/** The page's own words, beside the spec's messages (zh, then en). */
const words: Record<string, Message> = {
  enabled: { zh: "启用", en: "Enabled" },
  disabled: { zh: "停用", en: "Disabled" },
  enableConfirm: { zh: "确定启用同步器「{{name}}」? 定时任务将按计划运行", en: "Enable the synchroniser “{{name}}”? Its schedule runs again" },
  disableConfirm: { zh: "确定停用同步器「{{name}}」? 定时任务不再运行,也不能手动同步", en: "Disable the synchroniser “{{name}}”? It no longer runs, on schedule or by hand" },
  statusChanged: { zh: "操作成功", en: "Done" },
  lastRun: { zh: "运行情况", en: "Runs" },
  nextRun: { zh: "下次运行 {{time}}", en: "Next run {{time}}" },
  schedule: { zh: "定时", en: "Schedule" },
  everyMinutes: { zh: "每 {{n}} 分钟", en: "Every {{n}} minutes" },
  sectionBasic: { zh: "基本信息", en: "Basics" },
  sectionConnection: { zh: "连接", en: "Connection" },
  sectionMapping: { zh: "映射", en: "Mapping" },
  sectionPolicy: { zh: "策略", en: "Policies" },
  sectionSchedule: { zh: "定时", en: "Schedule" },
  mappingHelp: { zh: "同步源中哪个属性填入本地用户的字段;切换同步源时填入该源的默认属性", en: "Which source attribute fills each local user field; changing the source fills in its defaults" },
  bindDn: { zh: "绑定DN", en: "Bind DN" },
  bindPassword: { zh: "绑定密码", en: "Bind password" },
  appKey: { zh: "AppKey", en: "App key" },
  appSecret: { zh: "AppSecret", en: "App secret" },
  corpId: { zh: "企业ID(CorpID)", en: "Corp ID" },
  corpSecret: { zh: "应用Secret", en: "App secret" },
  appId: { zh: "App ID", en: "App ID" },
  feishuSecret: { zh: "App Secret", en: "App secret" },
  endpointPlaceholderLdap: { zh: "ldap://host:389 或 ldaps://host:636", en: "ldap://host:389 or ldaps://host:636" },
  endpointPlaceholderApi: { zh: "留空使用 {{host}}", en: "Empty: {{host}}" },
  rootDeptPlaceholder: { zh: "留空使用根部门 {{id}}", en: "Empty: the top department {{id}}" },
  caCertHelp: { zh: "私有 CA 签发的证书时填写;留空使用系统信任的证书", en: "For a certificate of a private CA; empty: the system's trusted certificates" },
  baseDnsHelp: { zh: "多个 Base DN 用分号分隔", en: "Separate several base DNs with semicolons" },
  targetTop: { zh: "顶级(机构树的最上层)", en: "Top level (the top of the tree)" },
  chooseRole: { zh: "请选择默认角色", en: "Select the default role" },
  roleRequired: { zh: "请选择默认角色", en: "Please select the default role" },
  preview: { zh: "预览", en: "Preview" },
  sync: { zh: "同步", en: "Sync" },
  previewLoading: { zh: "正在读取同步源并计算变更…", en: "Reading the source and working out the changes…" },
  previewFailed: { zh: "预览失败", en: "Preview failed" },
  previewTruncated: { zh: "变更较多,仅列出前 {{shown}} 条(共 {{total}} 条);汇总数字是完整的", en: "Many changes: the first {{shown}} of {{total}} are listed; the counts are complete" },
  filterAction: { zh: "按操作筛选", en: "Filter by action" },
  allActions: { zh: "全部操作", en: "All actions" },
  syncNowConfirm: { zh: "确定立即同步「{{name}}」? 将按同步源更新本租户的机构和用户", en: "Sync “{{name}}” now? The tenant's departments and users are updated from the source" },
  syncRunning: { zh: "同步进行中…", en: "Sync in progress…" },
  syncTitle: { zh: "同步「{{name}}」", en: "Sync “{{name}}”" },
  syncFailed: { zh: "同步失败", en: "Sync failed" },
  syncPartial: { zh: "同步部分成功", en: "Sync partly succeeded" },
  viewResult: { zh: "查看同步记录", en: "Open the sync run" },
  elapsed: { zh: "已用时 {{s}} 秒", en: "{{s}} s elapsed" },
  close: { zh: "关闭", en: "Close" },
  scimBaseUrl: { zh: "SCIM 服务地址", en: "SCIM base URL" },
  scimHelp: {
    zh: "在身份提供方(Okta、Entra ID 等)中填写此地址,并以令牌作为 Bearer Token,即可把用户推送到本租户",
    en: "Give this URL to your identity provider (Okta, Entra ID …) with a token as its bearer token to push users into this tenant",
  },
  tokenName: { zh: "令牌名称", en: "Token name" },
  tokenNameRequired: { zh: "请输入令牌名称", en: "Please enter the token name" },
  tokenPrefix: { zh: "令牌前缀", en: "Prefix" },
  tokenCreated: { zh: "创建时间", en: "Created at" },
  tokenLastUsed: { zh: "最近使用", en: "Last used" },
  tokenNeverUsed: { zh: "从未使用", en: "Never" },
  newToken: { zh: "新建令牌", en: "New token" },
  issue: { zh: "生成", en: "Issue" },
  revoke: { zh: "吊销", en: "Revoke" },
  revoked: { zh: "已吊销", en: "Revoked" },
  copy: { zh: "复制", en: "Copy" },
  copied: { zh: "已复制", en: "Copied" },
  noTokens: { zh: "暂无令牌", en: "No tokens" },
  tokenIssued: { zh: "令牌「{{name}}」已生成", en: "Token “{{name}}” issued" },
};

/** The local fields a change names (taskResultItem.changes keys). */
const labels = (lang: Lang) => ({
  ...pick(syncMessages, lang),
  ...pick(words, lang),
  source: pick(SYNC_SOURCE_LABELS, lang),
  option: pick(SYNC_OPTION_LABELS, lang),
  scheduleType: pick(SYNC_SCHEDULE_LABELS, lang),
  task: pick(taskResultLabels, lang),
});

/** 用户同步: the page's words beyond the spec's labels (keys `userSynchronizer.*`). */
addTranslations("userSynchronizer", { zh: labels("zh"), en: labels("en") });
// The kit names a one-of value by `kit.values.<value>` (the source column and its search select).
addTranslations("kit", { zh: { values: pick(SYNC_SOURCE_LABELS, "zh") }, en: { values: pick(SYNC_SOURCE_LABELS, "en") } });
