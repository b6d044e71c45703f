import { defineResource, field, type Message } from "../../../validation";
import type { Lang } from "../../../validation/messages";
import { CRUD, button } from "../../../menus/entry";

/**
 * 数据源 (/system/datasource, BladeX blade_datasource under /blade-develop/datasource): a PostgreSQL
 * database a tenant's rows may live in; `tenant/datasource` places a tenant on one. Platform data:
 * the platform administrator's alone. The password is write-only (answered as `passwordSet`).
 */
export const DATASOURCE_DRIVERS = ["postgresql"] as const;

export const datasourceMessages = {
  urlFormat: {
    zh: "数据源地址格式应为 postgresql://主机:端口/数据库 或 jdbc:postgresql://主机:端口/数据库",
    en: "The URL must read postgresql://host:port/database or jdbc:postgresql://host:port/database",
  },
  passwordRequired: { zh: "请输入密码", en: "Please enter the password" },
  retypePassword: {
    zh: "修改了地址或用户名后，请重新输入密码再测试连接",
    en: "After changing the URL or user name, enter the password again to test the connection",
  },
  inUse: { zh: "数据源正在被租户{name}使用，不能删除", en: "The datasource is used by tenant {name} and cannot be deleted" },
  missing: { zh: "数据源不存在", en: "The datasource does not exist" },
  refused: { zh: "连接被拒绝：{address} 上没有数据库在监听", en: "Connection refused: no database is listening on {address}" },
  hostUnknown: { zh: "找不到主机 {host}", en: "Host {host} not found" },
  authFailed: { zh: "认证失败：用户名或密码错误", en: "Authentication failed: wrong user name or password" },
  noDatabase: { zh: "数据库 {database} 不存在", en: "Database {database} does not exist" },
  timeout: { zh: "连接超时：{address} 在 {seconds} 秒内没有应答", en: "Connection timed out: {address} did not answer within {seconds} seconds" },
  failed: { zh: "连接失败：{reason}", en: "Connection failed: {reason}" },
  succeeded: { zh: "连接成功：{version}", en: "Connected: {version}" },
  test: { zh: "测试连接", en: "Test connection" },
  passwordKeep: { zh: "留空则保持不变", en: "Leave empty to keep it" },
} satisfies Record<string, Message>;

/** A message with its `{name}` placeholders filled. */
export const datasourceMessage = (key: keyof typeof datasourceMessages, lang: Lang, params: Record<string, string> = {}) =>
  datasourceMessages[key][lang].replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? "");

export interface DatasourceAddress {
  host: string;
  port: number;
  database: string;
}

/** host (a name, IPv4, or [IPv6]), an optional port, one database name; no credentials, no parameters. */
const URL_PATTERN = /^(?:jdbc:)?postgres(?:ql)?:\/\/([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?\/([A-Za-z0-9_$-]{1,63})$/;

/**
 * The address a datasource URL names: `postgresql://host:port/db`, or BladeX's JDBC form
 * `jdbc:postgresql://host:port/db` (the port defaults to 5432). Null when it is neither: user and
 * password have fields of their own, so a URL carrying them (or parameters) is refused.
 */
export function parseDatasourceUrl(url: string): DatasourceAddress | null {
  const m = URL_PATTERN.exec(url.trim());
  if (!m) return null;
  const port = m[2] === undefined ? 5432 : Number(m[2]);
  if (port < 1 || port > 65535) return null;
  return { host: m[1].replace(/^\[|\]$/g, ""), port, database: m[3] };
}

/** The form a datasource URL is stored in: postgresql://host:port/db. */
export function normaliseDatasourceUrl(url: string): string {
  const a = parseDatasourceUrl(url);
  if (!a) return url;
  return `postgresql://${a.host.includes(":") ? `[${a.host}]` : a.host}:${a.port}/${a.database}`;
}

export const datasourceSpec = defineResource({
  name: "datasource",
  menuCode: "datasource",
  menu: { icon: "CloudServerOutlined", buttons: [...CRUD, button("test", "测试连接", "Test connection", 2)] },
  api: "/blade-develop/datasource",
  path: "/system/datasource",
  title: { zh: "数据源", en: "Datasources" },
  fields: {
    name: field.text({ zh: "名称", en: "Name" }, 100, { required: true, format: "textarea", search: "like", sortable: true }),
    driverClass: {
      kind: "text",
      label: { zh: "驱动类型", en: "Driver" },
      max: 32,
      required: true,
      oneOf: DATASOURCE_DRIVERS,
      defaultValue: "postgresql",
      control: "select",
    },
    url: field.text({ zh: "连接地址", en: "URL" }, 500, {
      required: true,
      search: "like",
      check: (value, lang) => (parseDatasourceUrl(value) ? null : datasourceMessages.urlFormat[lang]),
    }),
    username: field.text({ zh: "用户名", en: "User name" }, 64, { required: true, format: "code" }),
    /** Write-only: sealed on the server, answered as passwordSet. */
    password: field.text({ zh: "密码", en: "Password" }, 255, { column: false }),
    remark: field.remark(),
  },
  unique: [{ field: "name", message: { zh: "数据源名称已存在", en: "A datasource with this name already exists" } }],
});

/** What `test` answers when the database is reached. */
export interface DatasourceTestResult {
  version: string;
}
