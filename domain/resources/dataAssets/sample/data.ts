/**
 * The sample data of spec §1/§3: the data-asset and data-governance pages show these only. One
 * file read by both servers of it — the reference server's sample module (server/modules/sample)
 * and the browser's MSW worker behind VITE_MOCK (mocks/sample-handlers.ts) — and by no console
 * page directly, so it never enters the production bundle.
 */

import { CLASSIFY_OPTIONS, SAMPLE_AREAS, type SampleMenu } from "./areas";

export type { SampleMenu };

/** §2's sample top-level menus and the workbench's two children (areas.ts says what each shows). */
export const SAMPLE_MENUS: SampleMenu[] = SAMPLE_AREAS.map((a) => ({
  id: a.id,
  parentId: a.parentId,
  code: a.code,
  name: a.name,
  path: a.path,
  source: a.source,
  sort: SAMPLE_AREAS.filter((b) => b.parentId === a.parentId).indexOf(a) + 1,
  hasChildren: SAMPLE_AREAS.some((b) => b.parentId === a.id),
}));

/** §3 project sample. */
export interface SampleProject {
  id: string;
  projectName: string;
  description: string;
  classifyType: string;
  dbType: "MySQL" | "Hive";
  status: number;
  userCount: number;
  isCollect: number;
  createUser: string;
  createDept: string;
  createTime: string;
  updateUser: string;
  updateTime: string;
  tenantId: string;
}

const PROJECT_NAMES = ["数据仓库", "用户画像", "营销分析", "财务报表", "风控模型", "日志分析", "供应链", "客户服务", "人力资源", "能源监测", "交通调度"];

/** §9 mock table: eleven rows, so that a page of ten has a second page. */
export const SAMPLE_PROJECTS: SampleProject[] = PROJECT_NAMES.map((name, i) => ({
  id: String(1500000000000000001n + BigInt(i)),
  projectName: name,
  description: `${name}项目（样例数据）`,
  classifyType: CLASSIFY_OPTIONS[i % 3].value,
  dbType: i % 2 === 0 ? "Hive" : "MySQL",
  status: i % 4 === 3 ? 0 : 1,
  userCount: 3 + ((i * 7) % 20),
  isCollect: i % 3 === 0 ? 1 : 0,
  createUser: "1123598821738675201",
  createDept: "1123598813738675201",
  createTime: `2024-0${1 + (i % 9)}-1${i % 10} 09:30:00`,
  updateUser: "1123598821738675201",
  updateTime: `2024-0${1 + (i % 9)}-2${i % 10} 18:00:00`,
  tenantId: "000000",
}));

/** An approval item's status as the list shows it: §3's 'pending approval' until decided. */
export const SAMPLE_APPROVAL_STATUS = { pending: "pending approval", approved: "approved", rejected: "rejected" } as const;

/** §3 approval item sample. */
export interface SampleApproval {
  id: string;
  createUser: string;
  createDept: string;
  createTime: string;
  projectName: string;
  status: (typeof SAMPLE_APPROVAL_STATUS)[keyof typeof SAMPLE_APPROVAL_STATUS];
}

export const SAMPLE_APPROVALS: SampleApproval[] = SAMPLE_PROJECTS.map((p, i) => ({
  id: String(1600000000000000001n + BigInt(i)),
  createUser: ["张三", "李四", "王五"][i % 3],
  createDept: "数据部",
  createTime: `2024-10-${String(10 + i).padStart(2, "0")} 10:00:00`,
  projectName: p.projectName,
  status: SAMPLE_APPROVAL_STATUS.pending,
}));

/** A table of the sample catalogue: the IDE suggests these names and runs selects over them. */
export interface SampleTable {
  name: string;
  kind: "table" | "view";
  comment: string;
  columns: { name: string; type: string; comment: string }[];
  rows: Record<string, string | number>[];
}

export const SAMPLE_CATALOG: SampleTable[] = [
  {
    name: "ods_user",
    kind: "table",
    comment: "用户表",
    columns: [
      { name: "user_id", type: "bigint", comment: "用户ID" },
      { name: "user_name", type: "string", comment: "用户名" },
      { name: "city", type: "string", comment: "城市" },
      { name: "age", type: "int", comment: "年龄" },
    ],
    rows: [
      { user_id: 1, user_name: "张三", city: "北京", age: 30 },
      { user_id: 2, user_name: "李四", city: "上海", age: 25 },
      { user_id: 3, user_name: "王五", city: "深圳", age: 41 },
    ],
  },
  {
    name: "ods_order",
    kind: "table",
    comment: "订单表",
    columns: [
      { name: "order_id", type: "bigint", comment: "订单ID" },
      { name: "user_id", type: "bigint", comment: "用户ID" },
      { name: "amount", type: "decimal(10,2)", comment: "金额" },
      { name: "dt", type: "string", comment: "日期分区" },
    ],
    rows: [
      { order_id: 101, user_id: 1, amount: 99.5, dt: "2024-10-01" },
      { order_id: 102, user_id: 2, amount: 15, dt: "2024-10-01" },
      { order_id: 103, user_id: 1, amount: 230, dt: "2024-10-02" },
    ],
  },
  {
    name: "dws_city_sales",
    kind: "view",
    comment: "城市销售汇总",
    columns: [
      { name: "city", type: "string", comment: "城市" },
      { name: "total_amount", type: "decimal(12,2)", comment: "销售额" },
    ],
    rows: [
      { city: "北京", total_amount: 329.5 },
      { city: "上海", total_amount: 15 },
    ],
  },
];

/** §3 tree node, with the special nodes 'all' (root), 'all_table' and 'all_view'. */
export interface SampleTreeNode {
  id: string;
  parentId: string;
  ancestors: string;
  hasChildren: boolean;
  num: number;
  disabled: boolean;
  title: string;
  key: string;
  children: SampleTreeNode[];
}

export function sampleCatalogTree(): SampleTreeNode[] {
  const leaf = (t: SampleTable, parent: string): SampleTreeNode => ({
    id: t.name,
    parentId: parent,
    ancestors: `0,all,${parent}`,
    hasChildren: false,
    num: t.columns.length,
    disabled: false,
    title: t.name,
    key: t.name,
    children: [],
  });
  const group = (id: "all_table" | "all_view", title: string, kind: SampleTable["kind"]): SampleTreeNode => {
    const children = SAMPLE_CATALOG.filter((t) => t.kind === kind).map((t) => leaf(t, id));
    return { id, parentId: "all", ancestors: "0,all", hasChildren: children.length > 0, num: children.length, disabled: false, title, key: id, children };
  };
  const groups = [group("all_table", "表", "table"), group("all_view", "视图", "view")];
  return [
    { id: "all", parentId: "0", ancestors: "0", hasChildren: true, num: SAMPLE_CATALOG.length, disabled: false, title: "all", key: "all", children: groups },
  ];
}

/** §7 viewRecord list: who looked at which asset. */
export const SAMPLE_VIEW_RECORDS = SAMPLE_CATALOG.flatMap((t, i) => [
  { id: `${7000 + i * 2}`, tableName: t.name, viewer: "张三", viewTime: `2024-10-0${i + 1} 09:00:00` },
  { id: `${7001 + i * 2}`, tableName: t.name, viewer: "李四", viewTime: `2024-10-0${i + 1} 15:30:00` },
]);

/** §3 mail config sample (no password: a secret is never sent, even a sample one). */
export const SAMPLE_MAIL_CONFIG = {
  appName: "blade",
  id: "1",
  host: "smtp.example.com",
  port: 465,
  auth: true,
  user: "noreply@example.com",
  pass: "",
  from: "noreply@example.com",
  starttlsEnable: false,
  sslEnable: true,
  sslTrusts: "smtp.example.com",
};

/** §7 mock sign-in answer: a sample shape, never a token (real sign-in is /blade-auth/oauth/token). */
export const SAMPLE_SIGN_IN = { sample: true, account: "sample", userName: "样例用户" };
