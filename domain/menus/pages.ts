import { SAMPLE_AREAS } from "../resources/dataAssets/sample/areas";
import { CRUD, add, button, edit, exportButton, view, type MenuEntry } from "./entry";

/**
 * The menu entries of pages without a resource spec (the workbench, dashboards, settings pages,
 * the script IDE, the sample areas) and of the groups that hold pages. A page with a spec says
 * its entry in the spec (`menu`).
 */
const page = (code: string, zh: string, en: string, path: string, icon: string, buttons?: MenuEntry["buttons"], apis: string[] = []): MenuEntry => ({
  code,
  title: { zh, en },
  path,
  icon,
  ...(buttons ? { buttons } : {}),
  apis,
});

/** A page whose alias is its code. */
const aliased = (entry: MenuEntry): MenuEntry => ({ ...entry, alias: entry.code });

export const group = (code: string, zh: string, en: string, path: string, icon: string, children: MenuEntry[], apis: string[] = []): MenuEntry => ({
  code,
  title: { zh, en },
  path,
  icon,
  apis,
  children,
});

export const PAGES = {
  workbench: page("workbench", "工作台", "Workbench", "/workbench/index", "HomeOutlined", undefined, ["/blade-system/common/", "/blade-system/project/"]),
  instrumentPanel: page("instrumentPanel", "仪表盘", "Dashboard", "/instrumentPanel/index", "DashboardOutlined", undefined, ["/blade-system/dashboard/"]),
  sessionManagement: page("sessionManagement", "会话管理", "Sessions", "/sessionManagement/index", "ClusterOutlined", [
    view,
    button("stop", "强制下线", "Force sign-out", 3),
    exportButton,
  ], ["/blade-user/userSession/", "/authentication/appUserSession/"]),
  cryptographicPolicy: page("cryptographicPolicy", "密码策略", "Password policy", "/system/cryptographicPolicy/index", "SafetyOutlined", [edit, view], [
    "/blade-system/sysConfig/getPassword",
    "/blade-system/sysConfig/passwordAddUpdate",
    "/blade-system/sysConfig/passwordPolicyReset",
  ]),
  mailboxConfig: page("mailboxConfig", "邮箱配置", "Mailbox settings", "/system/mailboxConfig", "MailOutlined", [edit, view], [
    "/blade-system/sysConfig/getMailConfig",
    "/blade-system/sysConfig/saveOrUpdateMailConfig",
    "/blade-system/sysConfig/sendTestMail",
  ]),
  shortMessageService: page("shortMessageService", "短信配置", "SMS settings", "/system/shortMessageService/index", "MessageOutlined", CRUD, ["/blade-resource/sms/"]),
  // 资源中心: each page's alias is its code (§2: a detail page naming it keeps the page's item active).
  myApplication: aliased(page("myApplication", "我的应用", "My applications", "/resourceCenter/myApplication/index", "AppstoreAddOutlined", undefined, [
    "/authentication/myApplication/",
    "/authentication/common-application/",
    "/authentication/app/visit",
  ])),
  myResources: aliased(page("myResources", "我的资源", "My resources", "/resourceCenter/myResources/index", "ProfileOutlined", undefined, ["/myResources/"])),
  resourceApplication: aliased(page("resourceApplication", "资源申请", "Resource requests", "/resourceCenter/resourceApplication/index", "FormOutlined", [
    button("apply", "申请", "Request", 2),
    button("withdraw", "撤回", "Withdraw", 2),
  ], ["/authentication/resourceApplication/", "/authentication/app-drectory/", "/blade-system/flow/"])),
  approvalManagement: aliased(page("approvalManagement", "审批管理", "Approvals", "/resourceCenter/approvalManagement/index", "CheckSquareOutlined", [
    view,
    button("approve", "通过", "Approve", 2),
    button("reject", "驳回", "Reject", 2),
  ], ["/authentication/approvalManagement/"])),
  taskResult: page("taskResult", "同步记录", "Sync runs", "/applicationManagement/taskResult/index", "HistoryOutlined", [view], ["/authentication/taskResult/"]),
  assetOverview: page("assetOverview", "资产总览", "Asset overview", "/dataAssets/assetOverview", "PieChartOutlined"),
  assetCatalog: page("assetCatalog", "资产目录", "Asset catalogue", "/dataAssets/assetCatalog", "UnorderedListOutlined"),
  assetCollect: page("assetCollect", "资产收藏", "Favourite assets", "/dataAssets/assetCollect", "StarOutlined"),
  dataAuthPolicy: page("dataAuthPolicy", "授权策略", "Authorisation policies", "/dataAuth/policy", "FileProtectOutlined", CRUD),
  dataAuthApply: page("dataAuthApply", "授权申请", "Authorisation requests", "/dataAuth/apply", "FormOutlined", [add, view]),
  dataAuthApprove: page("dataAuthApprove", "授权审批", "Authorisation approval", "/dataAuth/approve", "CheckSquareOutlined", [
    view,
    button("approve", "审批", "Approve", 2),
  ]),
  dataAuditIndex: page("dataAuditIndex", "审计概览", "Audit overview", "/dataAudit/index", "FileSearchOutlined"),
  // Approving another person's high-risk script before it runs (ide_approve).
  ide: page("ide", "脚本开发", "Script development", "/dataFactory/ide/ide", "CodeOutlined", [button("approve", "高危脚本审批", "Approve high-risk scripts", 1)], ["/blade-ide/"]),
};

/** The sample areas' names in English; their Chinese names and paths are the areas' own. */
const SAMPLE_EN: Record<string, string> = {
  sampleWorkbench: "Data workbench",
  myWorkbench: "My workbench",
  projectBoard: "Project board",
  resourceManage: "Resource management",
  appCatalog: "Application cataloguing",
  release: "Release",
  develop: "Development",
  share: "Sharing",
  sampleSystem: "Management centre",
  assessment: "Assessment",
  operations: "Operations",
  developerManage: "Developer management",
};

/** The sample top-level menus of §2 (read-only pages of sample data), as the sample areas name them. */
export function sampleEntries(parentId = "0"): MenuEntry[] {
  return SAMPLE_AREAS.filter((a) => a.parentId === parentId).map((a) => {
    const children = sampleEntries(a.id);
    return { code: a.code, title: { zh: a.name, en: SAMPLE_EN[a.code] ?? a.name }, path: a.path, icon: a.source, ...(children.length ? { children } : {}) };
  });
}
