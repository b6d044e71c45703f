import { defineResource, field, type Message } from "../../../validation";
import { CRUD, button } from "../../../menus/entry";

/**
 * 用户同步 (/applicationManagement/userSynchronizer/index, /authentication/userSynchronizers):
 * pulls departments and users of one tenant from a directory (LDAP, Active Directory) or an
 * open platform (DingTalk, WeCom, Feishu). `secret` (bind password, app secret) is write-only:
 * sealed with the server's secret key, answered as `secretSet`. preview answers what a run would
 * change without writing; sync/{id} runs it and records a task result (../taskResult/spec.ts).
 */
export const SYNC_SOURCES = ["ldap", "ad", "dingtalk", "wecom", "feishu"] as const;
export type SyncSource = (typeof SYNC_SOURCES)[number];
export const SYNC_SOURCE_LABELS: Record<SyncSource, Message> = {
  ldap: { zh: "LDAP", en: "LDAP" },
  ad: { zh: "Active Directory", en: "Active Directory" },
  dingtalk: { zh: "钉钉", en: "DingTalk" },
  wecom: { zh: "企业微信", en: "WeCom" },
  feishu: { zh: "飞书", en: "Feishu" },
};
export const isDirectorySource = (s: string) => s === "ldap" || s === "ad";

export const SYNC_TLS = ["none", "ldaps", "starttls"] as const;
export const SYNC_CONFLICT = ["skip", "link", "overwrite"] as const;
export const SYNC_MISSING = ["disable", "delete", "keep"] as const;
export const SYNC_SCHEDULE = ["none", "cron", "interval"] as const;

export const SYNC_OPTION_LABELS: Record<string, Message> = {
  none: { zh: "不加密", en: "None" },
  ldaps: { zh: "LDAPS", en: "LDAPS" },
  starttls: { zh: "StartTLS", en: "StartTLS" },
  skip: { zh: "跳过", en: "Skip" },
  link: { zh: "关联已有用户", en: "Link to the existing user" },
  overwrite: { zh: "覆盖已有用户", en: "Overwrite the existing user" },
  disable: { zh: "停用", en: "Disable" },
  delete: { zh: "删除", en: "Delete" },
  keep: { zh: "保留", en: "Keep" },
};
export const SYNC_SCHEDULE_LABELS: Record<(typeof SYNC_SCHEDULE)[number], Message> = {
  none: { zh: "仅手动", en: "By hand only" },
  cron: { zh: "Cron 表达式", en: "Cron expression" },
  interval: { zh: "固定间隔", en: "Fixed interval" },
};

/** The local user fields a source attribute fills, and each source's attribute for them by default. */
export const SYNC_ATTRS = ["attrAccount", "attrName", "attrRealName", "attrPhone", "attrEmail"] as const;
export type SyncAttr = (typeof SYNC_ATTRS)[number];
export const SYNC_DEFAULT_ATTRS: Record<SyncSource, Record<SyncAttr, string>> = {
  ldap: { attrAccount: "uid", attrName: "cn", attrRealName: "displayName", attrPhone: "mobile", attrEmail: "mail" },
  ad: { attrAccount: "sAMAccountName", attrName: "cn", attrRealName: "displayName", attrPhone: "mobile", attrEmail: "mail" },
  dingtalk: { attrAccount: "userid", attrName: "name", attrRealName: "name", attrPhone: "mobile", attrEmail: "email" },
  wecom: { attrAccount: "userid", attrName: "name", attrRealName: "name", attrPhone: "mobile", attrEmail: "email" },
  feishu: { attrAccount: "user_id", attrName: "name", attrRealName: "name", attrPhone: "mobile", attrEmail: "email" },
};
/** The open platforms' published API hosts, used when 服务地址 is left empty. */
export const SYNC_DEFAULT_ENDPOINTS: Partial<Record<SyncSource, string>> = {
  dingtalk: "https://oapi.dingtalk.com",
  wecom: "https://qyapi.weixin.qq.com",
  feishu: "https://open.feishu.cn",
};
/** The top department of each open platform when 根部门 is left empty. */
export const SYNC_DEFAULT_ROOT: Partial<Record<SyncSource, string>> = { dingtalk: "1", wecom: "1", feishu: "0" };

const PEM = /^(-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\s]+-----END CERTIFICATE-----\s*)+$/;

const attr = (zh: string, en: string) => field.text({ zh, en }, 64, { column: false, format: "code" });

export const userSynchronizerSpec = defineResource({
  name: "userSynchronizer",
  menuCode: "userSynchronizer",
  menu: {
    icon: "SyncOutlined",
    buttons: [...CRUD, button("preview", "预览", "Preview", 2), button("sync", "同步", "Sync", 2), button("scim", "SCIM 令牌", "SCIM tokens", 1)],
    apis: ["/authentication/scimToken/"],
  },
  api: "/authentication/userSynchronizers",
  path: "/applicationManagement/userSynchronizer/index",
  title: { zh: "用户同步", en: "User synchronisers" },
  fields: {
    name: field.text({ zh: "同步器名称", en: "Name" }, 64, { required: true, format: "textarea", search: "like", sortable: true }),
    sourceType: { kind: "text", label: { zh: "同步源", en: "Source" }, max: 16, required: true, oneOf: SYNC_SOURCES, control: "select", search: "equal", immutable: true },
    // LDAP: ldap://host:389 or ldaps://host:636. Open platforms: their API host, empty for the published one.
    // Checked per source beyond the spec (ldap(s):// or http(s)://): no one format fits both.
    endpoint: field.text({ zh: "服务地址", en: "Server address" }, 500),
    tls: { kind: "text", label: { zh: "加密方式", en: "Encryption" }, max: 8, oneOf: SYNC_TLS, defaultValue: "none", control: "select", column: false },
    // A private CA of ldaps/StartTLS, as PEM; empty: the system's trusted certificates.
    caCert: field.text({ zh: "CA证书(PEM)", en: "CA certificate (PEM)" }, 20000, { column: false, control: "textarea", check: (v, lang) => (PEM.test(v.trim()) ? null : syncMessages.caCertFormat[lang]) }),
    // LDAP: the bind DN. DingTalk: AppKey. WeCom: CorpID. Feishu: App ID.
    principal: field.text({ zh: "绑定DN / AppKey", en: "Bind DN / app key" }, 255, { required: true, column: false }),
    /** Write-only. */
    secret: field.text({ zh: "密码 / AppSecret", en: "Password / app secret" }, 255, { column: false }),
    userBaseDn: field.text({ zh: "用户Base DN", en: "People base DN" }, 500, { column: false }),
    userFilter: field.text({ zh: "用户过滤条件", en: "People filter" }, 500, { column: false }),
    deptBaseDn: field.text({ zh: "组织Base DN", en: "Units base DN" }, 500, { column: false }),
    deptFilter: field.text({ zh: "组织过滤条件", en: "Units filter" }, 500, { column: false }),
    rootDept: field.text({ zh: "根部门ID", en: "Root department ID" }, 64, { column: false, format: "code" }),
    attrAccount: attr("账号属性", "Account attribute"),
    attrName: attr("用户昵称属性", "Name attribute"),
    attrRealName: attr("用户姓名属性", "Real-name attribute"),
    attrPhone: attr("手机号码属性", "Phone attribute"),
    attrEmail: attr("电子邮箱属性", "Email attribute"),
    // "0": the source's departments sit at the top of the tenant's tree.
    targetDeptId: field.id({ zh: "目标机构", en: "Target department" }, { column: false, control: "treeSelect", defaultValue: "0" }),
    roleId: field.id({ zh: "默认角色", en: "Default role" }, { required: true, column: false, control: "select" }),
    conflictPolicy: { kind: "text", label: { zh: "冲突策略", en: "On conflict" }, max: 16, oneOf: SYNC_CONFLICT, defaultValue: "skip", control: "select", column: false },
    missingPolicy: { kind: "text", label: { zh: "源中已删除的用户", en: "Users gone from the source" }, max: 16, oneOf: SYNC_MISSING, defaultValue: "disable", control: "select", column: false },
    deleteThreshold: field.int({ zh: "删除阈值(%)", en: "Removal threshold (%)" }, { maxValue: 100, defaultValue: 20, column: false }),
    scheduleType: { kind: "text", label: { zh: "定时方式", en: "Schedule" }, max: 16, oneOf: SYNC_SCHEDULE, defaultValue: "none", control: "select" },
    cron: field.text({ zh: "Cron表达式", en: "Cron expression" }, 64, { column: false }),
    intervalMinutes: field.int({ zh: "间隔(分钟)", en: "Interval (minutes)" }, { min: 0, maxValue: 10080, defaultValue: 0, column: false }),
    status: field.dict({ zh: "状态", en: "Status" }, "status", { form: false, column: false, search: "equal", oneOf: [1, 0] }),
    remark: field.remark(),
  },
  unique: [{ field: "name", message: { zh: "同步器名称已存在", en: "A synchroniser with this name already exists" } }],
});

export const syncMessages = {
  missing: { zh: "同步器不存在", en: "Synchroniser not found" },
  caCertFormat: { zh: "CA证书须是 PEM 格式(-----BEGIN CERTIFICATE-----)", en: "The CA certificate must be PEM (-----BEGIN CERTIFICATE-----)" },
  secretRequired: { zh: "请输入密码 / AppSecret", en: "Please enter the password or app secret" },
  secretSet: { zh: "已设置", en: "Set" },
  secretKeep: { zh: "留空则保持不变", en: "Leave empty to keep it" },
  endpointRequired: { zh: "LDAP 同步源需要填写服务地址(ldap:// 或 ldaps://)", en: "An LDAP source needs its server address (ldap:// or ldaps://)" },
  endpointScheme: { zh: "服务地址须以 ldap:// 或 ldaps:// 开头", en: "The server address must start with ldap:// or ldaps://" },
  baseDnRequired: { zh: "LDAP 同步源需要填写用户Base DN", en: "An LDAP source needs the people base DN" },
  filterFormat: { zh: "过滤条件须是括号包围的 LDAP 过滤表达式", en: "A filter must be an LDAP filter in parentheses" },
  cronRequired: { zh: "请输入正确的 Cron 表达式(5 段)", en: "Please enter a valid five-field cron expression" },
  intervalRequired: { zh: "固定间隔至少 5 分钟", en: "A fixed interval is at least 5 minutes" },
  targetMissing: { zh: "目标机构不存在", en: "Target department not found" },
  roleMissing: { zh: "默认角色不存在", en: "Default role not found" },
  disabled: { zh: "同步器已停用", en: "The synchroniser is disabled" },
  running: { zh: "该同步器正在运行,请稍后再试", en: "The synchroniser is already running: try again later" },
  thresholdExceeded: {
    zh: "本次将停用或删除 {n} 个用户(占已关联用户的 {p}%),超过删除阈值 {t}%,未做任何修改",
    en: "This run would disable or delete {n} users ({p}% of the linked users), above the {t}% threshold: nothing was changed",
  },
  previewTitle: { zh: "同步预览", en: "Sync preview" },
  syncConfirm: { zh: "确定按预览结果执行同步?", en: "Run the sync as previewed?" },
  syncStarted: { zh: "同步已完成", en: "Sync finished" },
  noChanges: { zh: "没有需要同步的变更", en: "Nothing to change" },
  scimTokens: { zh: "SCIM 令牌", en: "SCIM tokens" },
  scimTokenShownOnce: { zh: "令牌只显示这一次,请立即复制保存", en: "The token is shown only this once: copy it now" },
  scimRevokeConfirm: { zh: "确定吊销该令牌?使用它的身份提供方将无法再推送用户", en: "Revoke this token? Identity providers using it can no longer push users" },
  endpointHttp: { zh: "服务地址须以 http:// 或 https:// 开头", en: "The server address must start with http:// or https://" },
  statusValue: { zh: "状态取值不正确,只能是 1(启用) 或 0(停用)", en: "The status is 1 (enabled) or 0 (disabled)" },
} satisfies Record<string, Message>;

/** SCIM bearer tokens of the tenant (issue, list, revoke) sit beside the synchronisers. */
export const SCIM_TOKEN_API = "/authentication/scimToken";
export const SCIM_TOKEN_CODE = "userSynchronizer_scim";
