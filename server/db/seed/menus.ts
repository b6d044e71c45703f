/**
 * The platform's menu tree: every menu path of spec §2, with the buttons of each management page.
 * `source` is an Ant Design icon name; the console maps it to the icon component.
 */
import { SAMPLE_AREAS } from "../../../domain/resources/dataAssets/sample/areas";

export interface ButtonSeed {
  alias: string;
  name: string;
  /** button_func: 1 toolbar, 2 row, 3 both. */
  action: number;
}

export interface MenuSeed {
  code: string;
  name: string;
  path: string;
  source?: string;
  children?: MenuSeed[];
  buttons?: ButtonSeed[];
}

/** The sample top-level menus of §2 (read-only pages of sample data): as the sample area list names them. */
function sampleMenus(parentId: string): MenuSeed[] {
  return SAMPLE_AREAS.filter((a) => a.parentId === parentId).map((a) => {
    const children = sampleMenus(a.id);
    return { code: a.code, name: a.name, path: a.path, source: a.source, ...(children.length ? { children } : {}) };
  });
}

const add: ButtonSeed = { alias: "add", name: "新增", action: 1 };
const edit: ButtonSeed = { alias: "edit", name: "修改", action: 2 };
const remove: ButtonSeed = { alias: "delete", name: "删除", action: 3 };
const view: ButtonSeed = { alias: "view", name: "查看", action: 2 };
const CRUD = [add, edit, remove, view];
const LOG = [view, { alias: "export", name: "导出", action: 1 }];

/** A page-within-a-page's own button (opening it, action 2) and its CRUD buttons, codes prefixed with `alias`. */
const scopedButtons = (alias: string, name: string): ButtonSeed[] => [
  { alias, name, action: 2 },
  ...CRUD.map((b) => ({ alias: `${alias}_${b.alias}`, name: `${b.name}${name}`, action: b.action })),
];

export const MENU_TREE: MenuSeed[] = [
  { code: "workbench", name: "工作台", path: "/workbench/index", source: "HomeOutlined" },
  { code: "instrumentPanel", name: "仪表盘", path: "/instrumentPanel/index", source: "DashboardOutlined" },
  {
    code: "sessionManagement",
    name: "会话管理",
    path: "/sessionManagement/index",
    source: "ClusterOutlined",
    buttons: [view, { alias: "stop", name: "强制下线", action: 3 }, { alias: "export", name: "导出", action: 1 }],
  },
  {
    code: "system",
    name: "系统管理",
    path: "/system",
    source: "SettingOutlined",
    children: [
      {
        code: "user",
        name: "用户管理",
        path: "/system/user",
        source: "UserOutlined",
        buttons: [
          ...CRUD,
          { alias: "reset", name: "重置密码", action: 1 },
          { alias: "unlock", name: "账号解封", action: 1 },
          { alias: "status", name: "启用停用", action: 3 },
          { alias: "role", name: "角色配置", action: 3 },
          { alias: "dept", name: "设置部门", action: 3 },
          { alias: "platform", name: "平台配置", action: 2 },
          { alias: "import", name: "导入", action: 1 },
          { alias: "export", name: "导出", action: 1 },
          { alias: "unbind", name: "解除绑定", action: 2 },
          { alias: "app_role", name: "应用角色", action: 2 },
        ],
      },
      {
        code: "dept",
        name: "机构管理",
        path: "/system/dept",
        source: "ApartmentOutlined",
        buttons: [...CRUD, { alias: "import", name: "导入", action: 1 }, { alias: "sync", name: "同步", action: 1 }],
      },
      { code: "post", name: "岗位管理", path: "/system/post", source: "SolutionOutlined", buttons: CRUD },
      {
        code: "role",
        name: "角色管理",
        path: "/system/role",
        source: "TeamOutlined",
        // 权限设置: grants menus, buttons and scopes to roles, and gives roles to users.
        buttons: [...CRUD, { alias: "grant", name: "权限设置", action: 2 }, ...scopedButtons("group", "角色组")],
      },
      {
        code: "menu",
        name: "菜单管理",
        path: "/system/menu",
        source: "MenuOutlined",
        // The data and API scopes of each menu and the top menus are managed on this page (§2 gives
        // them no path): their codes are buttons of this menu (menu_data_scope, menu_data_scope_add …).
        buttons: [
          ...CRUD,
          ...scopedButtons("data_scope", "数据权限"),
          ...scopedButtons("api_scope", "接口权限"),
          ...scopedButtons("topmenu", "顶部菜单"),
          { alias: "topmenu_setting", name: "顶部菜单配置", action: 2 },
        ],
      },
      { code: "dict", name: "系统字典", path: "/system/dict", source: "BookOutlined", buttons: CRUD },
      { code: "dictbiz", name: "业务字典", path: "/system/dictbiz", source: "ReadOutlined", buttons: CRUD },
      { code: "param", name: "参数管理", path: "/system/param", source: "ControlOutlined", buttons: CRUD },
      {
        code: "cryptographicPolicy",
        name: "密码策略",
        path: "/system/cryptographicPolicy/index",
        source: "SafetyOutlined",
        buttons: [edit, view],
      },
      { code: "mailboxConfig", name: "邮箱配置", path: "/system/mailboxConfig", source: "MailOutlined", buttons: [edit, view] },
      {
        code: "shortMessageService",
        name: "短信配置",
        path: "/system/shortMessageService/index",
        source: "MessageOutlined",
        buttons: CRUD,
      },
      {
        code: "thirdPartyLogin",
        name: "三方登录",
        path: "/system/thirdPartyLogin/index",
        source: "LoginOutlined",
        buttons: CRUD,
      },
      {
        // Platform administrator only (§6): tenants and the packages of menus they may use.
        code: "tenant",
        name: "租户管理",
        path: "/system/tenant",
        source: "GlobalOutlined",
        buttons: [
          ...CRUD,
          { alias: "setting", name: "授权配置", action: 3 },
          { alias: "package_setting", name: "套餐设置", action: 2 },
          { alias: "datasource", name: "数据源", action: 2 },
          { alias: "reset", name: "重置管理员密码", action: 2 },
          { alias: "status", name: "启用停用", action: 2 },
        ],
      },
      { code: "tenantPackage", name: "租户套餐", path: "/system/tenantPackage", source: "AppstoreAddOutlined", buttons: CRUD },
    ],
  },
  {
    code: "applicationManagement",
    name: "应用管理",
    path: "/applicationManagement",
    source: "AppstoreOutlined",
    children: [
      {
        code: "applicationList",
        name: "应用列表",
        path: "/applicationManagement/applicationList/index",
        source: "AppstoreAddOutlined",
        buttons: [...CRUD, { alias: "status", name: "启用停用", action: 3 }, ...scopedButtons("category", "应用分类")],
      },
      {
        code: "resourceDirectory",
        name: "资源目录",
        path: "/applicationManagement/resourceDirectory/index",
        source: "FolderOutlined",
        buttons: CRUD,
      },
      {
        code: "rolesManagement",
        name: "应用角色",
        path: "/applicationManagement/rolesManagement/index",
        source: "IdcardOutlined",
        buttons: [...CRUD, { alias: "user", name: "分配用户", action: 2 }],
      },
    ],
  },
  {
    code: "logAudit",
    name: "日志审计",
    path: "/logAudit",
    source: "AuditOutlined",
    children: [
      { code: "systemLogin", name: "系统登录日志", path: "/logAudit/systemLogin/index", source: "LoginOutlined", buttons: LOG },
      {
        code: "applicationAccess",
        name: "应用访问日志",
        path: "/logAudit/applicationAccess/index",
        source: "GlobalOutlined",
        buttons: LOG,
      },
      {
        code: "systemOperation",
        name: "系统操作日志",
        path: "/logAudit/systemOperation/index",
        source: "ProfileOutlined",
        // 校验: walks the operation log's hash chain and names the first row that does not fit.
        buttons: [...LOG, { alias: "verify", name: "校验", action: 1 }],
      },
    ],
  },
  {
    code: "dataAssets",
    name: "数据资产",
    path: "/dataAssets",
    source: "DatabaseOutlined",
    children: [
      { code: "assetOverview", name: "资产总览", path: "/dataAssets/assetOverview", source: "PieChartOutlined" },
      { code: "assetCatalog", name: "资产目录", path: "/dataAssets/assetCatalog", source: "UnorderedListOutlined" },
      { code: "assetCollect", name: "资产收藏", path: "/dataAssets/assetCollect", source: "StarOutlined" },
    ],
  },
  {
    code: "dataAuth",
    name: "数据授权",
    path: "/dataAuth",
    source: "KeyOutlined",
    children: [
      { code: "dataAuthPolicy", name: "授权策略", path: "/dataAuth/policy", source: "FileProtectOutlined", buttons: CRUD },
      { code: "dataAuthApply", name: "授权申请", path: "/dataAuth/apply", source: "FormOutlined", buttons: [add, view] },
      {
        code: "dataAuthApprove",
        name: "授权审批",
        path: "/dataAuth/approve",
        source: "CheckSquareOutlined",
        buttons: [view, { alias: "approve", name: "审批", action: 2 }],
      },
    ],
  },
  {
    code: "dataAudit",
    name: "数据审计",
    path: "/dataAudit",
    source: "FileSearchOutlined",
    children: [{ code: "dataAuditIndex", name: "审计概览", path: "/dataAudit/index", source: "FileSearchOutlined" }],
  },
  {
    code: "dataFactory",
    name: "数据工厂",
    path: "/dataFactory",
    source: "ToolOutlined",
    children: [
      {
        code: "ide",
        name: "脚本开发",
        path: "/dataFactory/ide/ide",
        source: "CodeOutlined",
        // Approving another person's high-risk script before it runs (ide_approve).
        buttons: [{ alias: "approve", name: "高危脚本审批", action: 1 }],
      },
    ],
  },
  ...sampleMenus("0"),
];

/** What the ordinary role `user` may open: nothing under /system. */
export const USER_ROLE_MENU_CODES = ["workbench", "instrumentPanel"];

export interface TopMenuSeed {
  code: string;
  name: string;
  source: string;
  /** Codes of the menus the entry shows (with everything below them). */
  menuCodes: string[];
}

/**
 * Top menus of tenant 000000 for everyone but the administrator (§6): 后台管理 holds what role
 * `user` may open, so an ordinary user's side menu is its workbench and dashboard.
 */
export const TOP_MENUS: TopMenuSeed[] = [
  { code: "backend", name: "后台管理", source: "AppstoreOutlined", menuCodes: USER_ROLE_MENU_CODES },
];
