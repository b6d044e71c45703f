import { defineResource, field, type Message } from "../../../validation";
import { CRUD } from "../../../menus/entry";

/**
 * 三方登录 (/system/thirdPartyLogin/index): the OAuth2 clients of the social sign-in, per tenant and
 * source. The client secret is write-only (answered as clientSecretSet). The kit's routes sit
 * under `api`; the §7 names (sysConfig/thirdLoginInfo*) are the same handlers.
 */
export const THIRD_LOGIN_BASE = "/blade-system/sysConfig";

/** Sources whose endpoints are known: their three URLs may be left empty. Others must give them. */
export const THIRD_LOGIN_PRESETS: Record<string, { authorizeUrl: string; tokenUrl: string; userInfoUrl: string; scope: string; label: Message }> = {
  github: {
    authorizeUrl: "https://github.com/login/oauth/authorize",
    tokenUrl: "https://github.com/login/oauth/access_token",
    userInfoUrl: "https://api.github.com/user",
    scope: "read:user user:email",
    label: { zh: "GitHub", en: "GitHub" },
  },
  gitee: {
    authorizeUrl: "https://gitee.com/oauth/authorize",
    tokenUrl: "https://gitee.com/oauth/token",
    userInfoUrl: "https://gitee.com/api/v5/user",
    scope: "user_info",
    label: { zh: "码云", en: "Gitee" },
  },
};

export const thirdLoginSpec = defineResource({
  name: "thirdPartyLogin",
  menuCode: "thirdPartyLogin",
  menu: { icon: "LoginOutlined", buttons: CRUD, apis: ["/blade-system/sysConfig/thirdLogin"] },
  api: `${THIRD_LOGIN_BASE}/thirdLoginInfo`,
  path: "/system/thirdPartyLogin/index",
  title: { zh: "三方登录", en: "Third-party sign-in" },
  fields: {
    source: field.text({ zh: "登录来源", en: "Source" }, 32, { required: true, format: "code", search: "like", sortable: true, immutable: true }),
    name: field.text({ zh: "显示名称", en: "Display name" }, 64, { format: "textarea", search: "like" }),
    clientId: field.text({ zh: "Client ID", en: "Client ID" }, 255, { required: true, format: "code" }),
    /** Write-only. */
    clientSecret: field.text({ zh: "Client Secret", en: "Client secret" }, 255, { column: false }),
    redirectUri: field.text({ zh: "回调地址", en: "Redirect URI" }, 500, { required: true, format: "url", column: false }),
    authorizeUrl: field.text({ zh: "授权地址", en: "Authorize URL" }, 500, { format: "url", column: false }),
    tokenUrl: field.text({ zh: "令牌地址", en: "Token URL" }, 500, { format: "url", column: false }),
    userInfoUrl: field.text({ zh: "用户信息地址", en: "User-info URL" }, 500, { format: "url", column: false }),
    scope: field.text({ zh: "授权范围", en: "Scope" }, 255, { column: false }),
    clientAuth: { kind: "text", label: { zh: "客户端认证方式", en: "Client authentication" }, max: 8, oneOf: ["post", "basic"], defaultValue: "post", control: "select", column: false },
    status: { kind: "int", label: { zh: "状态", en: "Status" }, oneOf: [0, 1], form: false, filter: true, column: false },
    remark: field.remark(),
  },
  unique: [{ field: "source", message: { zh: "该登录来源已配置", en: "This source is already configured" } }],
});

export const thirdLoginMessages = {
  secretRequired: { zh: "请输入Client Secret", en: "Please enter the client secret" },
  endpointsRequired: { zh: "该来源需要填写授权地址、令牌地址和用户信息地址", en: "This source needs its authorize, token and user-info URLs" },
  enabled: { zh: "启用", en: "Enabled" },
  disabled: { zh: "停用", en: "Disabled" },
  enableConfirm: { zh: "确定启用该登录方式?", en: "Enable this sign-in method?" },
  disableConfirm: { zh: "确定停用该登录方式?", en: "Disable this sign-in method?" },
  secretSet: { zh: "已设置", en: "Set" },
  secretKeep: { zh: "留空则保持不变", en: "Leave empty to keep it" },
} satisfies Record<string, Message>;
