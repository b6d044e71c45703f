import { appRoleSpec } from "../resources/applicationManagement/rolesManagement/spec";
import { appSpec } from "../resources/applicationManagement/applicationList/spec";
import { appDirectorySpec } from "../resources/applicationManagement/resourceDirectory/spec";
import { userSynchronizerSpec } from "../resources/applicationManagement/userSynchronizer/spec";
import { appVisitLogSpec } from "../resources/logAudit/applicationAccess/log-spec";
import { loginLogSpec } from "../resources/logAudit/systemLogin/log-spec";
import { operationLogSpec } from "../resources/logAudit/systemOperation/log-spec";
import { datasourceSpec } from "../resources/system/datasource/spec";
import { deptSpec } from "../resources/system/dept/spec";
import { dictSpec } from "../resources/system/dict/spec";
import { dictBizSpec } from "../resources/system/dictbiz/spec";
import { menuSpec } from "../resources/system/menu/spec";
import { paramSpec } from "../resources/system/param/spec";
import { postSpec } from "../resources/system/post/spec";
import { roleSpec } from "../resources/system/role/spec";
import { tenantSpec } from "../resources/system/tenant/spec";
import { tenantPackageSpec } from "../resources/system/tenantPackage/spec";
import { thirdLoginSpec } from "../resources/system/thirdPartyLogin/spec";
import { userSpec } from "../resources/system/user/spec";
import { specEntry, type MenuEntry, type Words } from "./entry";
import { PAGES, group, sampleEntries } from "./pages";

/**
 * The platform's menu tree (§2), in menu order: the one registry the seeded menus, the menu
 * names in both languages and the checks of specs against server modules are derived from.
 */
export const MENU_TREE: MenuEntry[] = [
  PAGES.workbench,
  PAGES.instrumentPanel,
  PAGES.sessionManagement,
  group("system", "系统管理", "System", "/system", "SettingOutlined", [
    specEntry(userSpec),
    specEntry(deptSpec),
    specEntry(postSpec),
    specEntry(roleSpec),
    specEntry(menuSpec),
    specEntry(dictSpec),
    specEntry(dictBizSpec),
    specEntry(paramSpec),
    PAGES.cryptographicPolicy,
    PAGES.mailboxConfig,
    PAGES.shortMessageService,
    specEntry(thirdLoginSpec),
    specEntry(tenantSpec),
    specEntry(tenantPackageSpec),
    specEntry(datasourceSpec),
  ]),
  group("applicationManagement", "应用管理", "Applications", "/applicationManagement", "AppstoreOutlined", [
    specEntry(appSpec),
    specEntry(appDirectorySpec),
    specEntry(appRoleSpec),
    specEntry(userSynchronizerSpec),
    PAGES.taskResult,
  ]),
  group("resourceCenter", "资源中心", "Resource centre", "/resourceCenter", "DesktopOutlined", [
    PAGES.myApplication,
    PAGES.myResources,
    PAGES.resourceApplication,
    PAGES.approvalManagement,
  ]),
  group("logAudit", "日志审计", "Log audit", "/logAudit", "AuditOutlined", [specEntry(loginLogSpec), specEntry(appVisitLogSpec), specEntry(operationLogSpec)]),
  // The sample data (/blade-sample) backs the data pages and the sample areas below.
  group("dataAssets", "数据资产", "Data assets", "/dataAssets", "DatabaseOutlined", [PAGES.assetOverview, PAGES.assetCatalog, PAGES.assetCollect], ["/blade-sample/"]),
  group("dataAuth", "数据授权", "Data authorisation", "/dataAuth", "KeyOutlined", [PAGES.dataAuthPolicy, PAGES.dataAuthApply, PAGES.dataAuthApprove]),
  group("dataAudit", "数据审计", "Data audit", "/dataAudit", "FileSearchOutlined", [PAGES.dataAuditIndex]),
  group("dataFactory", "数据工厂", "Data factory", "/dataFactory", "ToolOutlined", [PAGES.ide]),
  ...sampleEntries(),
];

/**
 * What the ordinary role `user` may open: nothing under /system; the whole resource centre. 审批管理
 * is there for the owner of a directory, who decides the first step of requests from it; its list
 * shows an ordinary user only those.
 */
export const USER_ROLE_MENU_CODES = ["workbench", "instrumentPanel", "resourceCenter", "myApplication", "myResources", "resourceApplication", "approvalManagement"];
/**
 * The buttons role `user` holds on those pages, named one by one: 通过/驳回 of 审批管理 are the
 * administrators' right to decide any request, so a new button is never granted by default.
 */
export const USER_ROLE_BUTTON_CODES = ["resourceApplication_apply", "resourceApplication_withdraw", "approvalManagement_view"];

export interface TopMenuEntry {
  code: string;
  title: Words;
  icon: string;
  /** Codes of the menus the entry shows (with everything below them). */
  menuCodes: string[];
}

/**
 * Top menus of tenant 000000 for everyone but the administrator (§6): 后台管理 holds what role
 * `user` may open, so an ordinary user's side menu is its workbench and dashboard.
 */
export const TOP_MENUS: TopMenuEntry[] = [
  { code: "backend", title: { zh: "后台管理", en: "Administration" }, icon: "AppstoreOutlined", menuCodes: USER_ROLE_MENU_CODES },
];
