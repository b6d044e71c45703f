import {
  AppstoreOutlined, AuditOutlined, DashboardOutlined, DatabaseOutlined, DesktopOutlined, FileTextOutlined,
  SettingOutlined, TeamOutlined, UserOutlined,
} from "@ant-design/icons";
import type { ReactNode } from "react";

// The server names icons (menu `source`) with Blade's iconfont classes or antd names; only a
// handful are drawn here, by keyword, so the icon set stays small in the bundle.
const byKeyword: [RegExp, ReactNode][] = [
  [/user|principal/i, <UserOutlined key="u" />],
  [/team|dept|role/i, <TeamOutlined key="t" />],
  [/setting|system/i, <SettingOutlined key="s" />],
  [/dashboard|panel|chart/i, <DashboardOutlined key="d" />],
  [/log|audit/i, <AuditOutlined key="a" />],
  [/data|database/i, <DatabaseOutlined key="db" />],
  [/work|desk/i, <DesktopOutlined key="w" />],
  [/file|doc/i, <FileTextOutlined key="f" />],
];

export function MenuIcon({ source }: { source?: string }) {
  const hit = byKeyword.find(([re]) => re.test(source ?? ""));
  return <>{hit ? hit[1] : <AppstoreOutlined />}</>;
}
