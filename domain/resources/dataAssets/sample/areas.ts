/**
 * The sample top-level menus of §2 and what each of their pages shows. Said once here and read by
 * the sample menu data (data.ts: the mock menu answer), the menu seed (server/db/seed/menus.ts:
 * the menus an operator opens), the sample module's permission checks (which menu may read which
 * sample list) and the console's pages (src/resources/dataAssets/<code>/). Holds no sample rows:
 * it is part of the production bundle, the sample data is not.
 */

/** The sample lists of §1/§3 a page can show. */
export type SampleKind = "projects" | "approvals" | "viewRecords" | "menus";

export interface SampleSearchField {
  name: string;
  /** like: free text; equal: one of `options` (label: an i18n key or the value itself). */
  kind: "like" | "equal";
  options?: { value: string; label: string }[];
}

export interface SampleFilter {
  field: string;
  value: string;
}

export interface SampleSection {
  kind: SampleKind;
  /** Tab title, an i18n key under `sample.sections`. */
  title: string;
  search?: SampleSearchField[];
  /** Filters the page always applies (e.g. only collected projects). */
  permanent?: SampleFilter[];
  /** Rows as cards rather than a table (the project board): the columns each card shows. */
  board?: { fields: string[] };
}

/** A figure over a sample list: its total under the filters. */
export interface SampleStat {
  title: string;
  kind: "projects" | "approvals";
  filters?: SampleFilter[];
}

/** A row of the sample menu answer and of its lazy list (§7): one level, saying if it has children. */
export interface SampleMenu {
  id: string;
  parentId: string;
  code: string;
  name: string;
  path: string;
  source: string;
  sort: number;
  hasChildren: boolean;
}

/** A sample menu (its id is the one of the mock menu answer, §9) and what its page shows. */
export interface SampleArea extends Omit<SampleMenu, "sort" | "hasChildren"> {
  /** Absent on a menu that only groups others. */
  sections?: SampleSection[];
  stats?: SampleStat[];
  /** Offers a link to the script IDE (for holders of its menu). */
  ide?: boolean;
}

export const DB_TYPE_OPTIONS = [
  { value: "Hive", label: "Hive" },
  { value: "MySQL", label: "MySQL" },
];
export const STATUS_OPTIONS = [
  { value: "1", label: "sample.statusText.1" },
  { value: "0", label: "sample.statusText.0" },
];
export const CLASSIFY_OPTIONS = ["离线开发", "实时开发", "数据治理"].map((v) => ({ value: v, label: v }));

const projectName: SampleSearchField = { name: "projectName", kind: "like" };
const dbType: SampleSearchField = { name: "dbType", kind: "equal", options: DB_TYPE_OPTIONS };
const status: SampleSearchField = { name: "status", kind: "equal", options: STATUS_OPTIONS };
const classifyType: SampleSearchField = { name: "classifyType", kind: "equal", options: CLASSIFY_OPTIONS };
const createUser: SampleSearchField = { name: "createUser", kind: "like" };

const approvals: SampleSection = { kind: "approvals", title: "approvals", search: [projectName, createUser] };
const viewRecords: SampleSection = {
  kind: "viewRecords",
  title: "viewRecords",
  search: [
    { name: "tableName", kind: "like" },
    { name: "viewer", kind: "like" },
  ],
};

/**
 * §2: workbench (my workbench, project board), resource management, application cataloguing,
 * release, development, sharing, system management, assessment, operations, developer management.
 * Two names differ from the plain words so that the side menu never shows two entries of one name:
 * the platform has its own 工作台 (/workbench/index) and 系统管理 (/system). 考核 is at /assessment
 * because /dataAssets is the platform's 数据资产 menu, itself shown with sample data.
 */
export const SAMPLE_AREAS: SampleArea[] = [
  { id: "9001", parentId: "0", code: "sampleWorkbench", name: "数据工作台", path: "/workbench", source: "HomeOutlined" },
  {
    id: "9011",
    parentId: "9001",
    code: "myWorkbench",
    name: "我的工作台",
    path: "/workbench/myWorkbench",
    source: "DesktopOutlined",
    stats: [
      { title: "projects", kind: "projects" },
      { title: "collected", kind: "projects", filters: [{ field: "isCollect", value: "1" }] },
      { title: "pending", kind: "approvals" },
    ],
    sections: [
      { kind: "projects", title: "collected", permanent: [{ field: "isCollect", value: "1" }], search: [projectName] },
      { ...approvals, title: "pending" },
    ],
  },
  {
    id: "9012",
    parentId: "9001",
    code: "projectBoard",
    name: "项目看板",
    path: "/workbench/projectBoard",
    source: "ProjectOutlined",
    sections: [
      {
        kind: "projects",
        title: "projects",
        board: { fields: ["description", "classifyType", "status", "userCount", "updateTime"] },
        search: [projectName, dbType, status],
      },
    ],
  },
  {
    id: "9002",
    parentId: "0",
    code: "resourceManage",
    name: "资源管理",
    path: "/integration",
    source: "CloudServerOutlined",
    sections: [{ kind: "projects", title: "projects", search: [projectName, dbType] }],
  },
  {
    id: "9003",
    parentId: "0",
    code: "appCatalog",
    name: "应用编目",
    path: "/govern",
    source: "AppstoreOutlined",
    sections: [{ kind: "projects", title: "projects", search: [projectName, classifyType] }],
  },
  { id: "9004", parentId: "0", code: "release", name: "发布", path: "/datamanage", source: "CloudUploadOutlined", sections: [approvals] },
  {
    id: "9005",
    parentId: "0",
    code: "develop",
    name: "开发",
    path: "/dataDevelop",
    source: "CodeOutlined",
    ide: true,
    sections: [{ kind: "projects", title: "projects", search: [projectName, classifyType, status] }],
  },
  { id: "9006", parentId: "0", code: "share", name: "共享", path: "/dataService", source: "ShareAltOutlined", sections: [approvals, viewRecords] },
  {
    id: "9007",
    parentId: "0",
    code: "sampleSystem",
    name: "管理中心",
    path: "/manageCenter",
    source: "SettingOutlined",
    sections: [{ kind: "menus", title: "menus" }],
  },
  {
    id: "9008",
    parentId: "0",
    code: "assessment",
    name: "考核",
    path: "/assessment",
    source: "FundOutlined",
    stats: [
      ...CLASSIFY_OPTIONS.map((o): SampleStat => ({ title: o.value, kind: "projects", filters: [{ field: "classifyType", value: o.value }] })),
      { title: "disabled", kind: "projects", filters: [{ field: "status", value: "0" }] },
    ],
    sections: [{ kind: "projects", title: "projects", search: [projectName, classifyType, status] }],
  },
  { id: "9009", parentId: "0", code: "operations", name: "运维", path: "/operations", source: "ToolOutlined", sections: [viewRecords] },
  {
    id: "9010",
    parentId: "0",
    code: "developerManage",
    name: "开发者管理",
    path: "/developer",
    source: "TeamOutlined",
    sections: [{ ...approvals, title: "requests" }, { kind: "projects", title: "members", search: [projectName] }],
  },
];

export function sampleArea(code: string): SampleArea {
  const found = SAMPLE_AREAS.find((a) => a.code === code);
  if (!found) throw new Error(`no sample area ${code}`);
  return found;
}

/** The menu codes whose pages read a kind of sample list (in a section or a figure): the server lets exactly these read it. */
export const areaCodesShowing = (kind: SampleKind): string[] =>
  SAMPLE_AREAS.filter((a) => [...(a.sections ?? []), ...(a.stats ?? [])].some((s) => s.kind === kind)).map((a) => a.code);
