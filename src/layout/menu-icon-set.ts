import {
  ApartmentOutlined, AppstoreAddOutlined, AppstoreOutlined, AuditOutlined, BookOutlined, CheckSquareOutlined,
  CloudServerOutlined, CloudUploadOutlined, ClusterOutlined, CodeOutlined, ControlOutlined, DashboardOutlined,
  DatabaseOutlined, DesktopOutlined, FileProtectOutlined, FileSearchOutlined, FileTextOutlined, FolderOutlined,
  FormOutlined, FundOutlined, GlobalOutlined, HistoryOutlined, HomeOutlined, IdcardOutlined, KeyOutlined, LoginOutlined,
  MailOutlined, MenuOutlined, MessageOutlined, PieChartOutlined, ProfileOutlined, ProjectOutlined, ReadOutlined,
  SafetyOutlined, SettingOutlined, ShareAltOutlined, SolutionOutlined, StarOutlined, SyncOutlined, TeamOutlined, ToolOutlined,
  UnorderedListOutlined, UserOutlined,
} from "@ant-design/icons";
import type { ComponentType } from "react";

/**
 * Menu `source` names an icon: our server uses Ant Design icon names; a BladeX server sends its
 * iconfont classes (e.g. `iconfont iconicon_principal`), matched by keyword. Only the icons named
 * here ship, so the bundle does not carry the whole icon set; they are a chunk of their own
 * (MenuIcon.tsx), fetched when a menu first shows.
 */
const byName: Record<string, ComponentType> = {
  ApartmentOutlined, AppstoreAddOutlined, AppstoreOutlined, AuditOutlined, BookOutlined, CheckSquareOutlined,
  CloudServerOutlined, CloudUploadOutlined, ClusterOutlined, CodeOutlined, ControlOutlined, DashboardOutlined,
  DatabaseOutlined, DesktopOutlined, FileProtectOutlined, FileSearchOutlined, FileTextOutlined, FolderOutlined,
  FormOutlined, FundOutlined, GlobalOutlined, HistoryOutlined, HomeOutlined, IdcardOutlined, KeyOutlined, LoginOutlined,
  MailOutlined, MenuOutlined, MessageOutlined, PieChartOutlined, ProfileOutlined, ProjectOutlined, ReadOutlined,
  SafetyOutlined, SettingOutlined, ShareAltOutlined, SolutionOutlined, StarOutlined, SyncOutlined, TeamOutlined, ToolOutlined,
  UnorderedListOutlined, UserOutlined,
};

const byKeyword: [RegExp, ComponentType][] = [
  [/user|principal/i, UserOutlined],
  [/team|dept|role/i, TeamOutlined],
  [/setting|system/i, SettingOutlined],
  [/dashboard|panel|chart/i, DashboardOutlined],
  [/log|audit/i, AuditOutlined],
  [/data|database/i, DatabaseOutlined],
  [/work|desk/i, DesktopOutlined],
  [/file|doc/i, FileTextOutlined],
];

export function menuIconFor(source: string | undefined): ComponentType {
  const name = (source ?? "").trim();
  return byName[name] ?? byKeyword.find(([re]) => re.test(name))?.[1] ?? AppstoreOutlined;
}
