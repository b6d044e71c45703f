/**
 * System dictionaries the console reads (BladeX shape: one root row per code with parent 0 and key
 * "-1", its entries as children with string keys), and the organisation the platform starts with.
 */
export interface DictSeed {
  code: string;
  name: string;
  entries: [key: string, value: string][];
}

export const DICTS: DictSeed[] = [
  { code: "sex", name: "性别", entries: [["1", "男"], ["2", "女"], ["3", "未知"]] },
  { code: "yes_no", name: "是否", entries: [["1", "否"], ["2", "是"]] },
  { code: "status", name: "状态", entries: [["1", "启用"], ["0", "停用"]] },
  { code: "org_category", name: "机构类型", entries: [["1", "公司"], ["2", "部门"], ["3", "小组"]] },
  { code: "user_type", name: "用户平台", entries: [["1", "WEB"], ["2", "APP"], ["3", "OTHER"]] },
  { code: "menu_category", name: "菜单类型", entries: [["1", "菜单"], ["2", "按钮"]] },
  { code: "menu_system_type", name: "系统类型", entries: [["1", "控制台"], ["2", "移动端"]] },
  { code: "button_func", name: "按钮功能", entries: [["1", "工具栏"], ["2", "操作栏"], ["3", "工具操作栏"]] },
  { code: "post_category", name: "岗位类型", entries: [["1", "高层"], ["2", "中层"], ["3", "基层"], ["4", "其他"]] },
  {
    code: "data_scope_type",
    name: "数据权限",
    entries: [["1", "全部可见"], ["2", "本人可见"], ["3", "所在机构可见"], ["4", "所在机构及子级可见"], ["5", "自定义"]],
  },
  { code: "api_scope_type", name: "接口权限", entries: [["1", "系统接口"], ["2", "业务接口"]] },
  { code: "scope_category", name: "权限类型", entries: [["1", "数据权限"], ["2", "接口权限"]] },
  {
    code: "notice",
    name: "通知类型",
    entries: [["1", "发布通知"], ["2", "批转通知"], ["3", "转发通知"], ["4", "指示通知"], ["5", "任免通知"], ["6", "事务通知"]],
  },
  { code: "flow", name: "审批流程", entries: [["1", "单人审批"], ["2", "两级审批（目录负责人→管理员）"]] },
  { code: "sms", name: "短信服务类型", entries: [["1", "云片"], ["2", "七牛云"], ["3", "阿里云"], ["4", "腾讯云"]] },
  {
    code: "id_type",
    name: "证件类型",
    entries: [
      ["0", "居民身份证"],
      ["1", "港澳居民来往内地通行证"],
      ["2", "台湾居民来往大陆通行证"],
      ["3", "护照"],
      ["4", "港澳台居民居住证"],
      ["5", "外国人永久居留身份证"],
    ],
  },
];

export const POSTS: [code: string, name: string, category: number][] = [
  ["ceo", "首席执行官", 1],
  ["coo", "首席运营官", 1],
  ["cfo", "首席财务官", 1],
  ["cto", "首席技术官", 1],
  ["cio", "首席信息官", 1],
  ["manager", "经理", 2],
  ["hrm", "人力经理", 2],
  ["staff", "普通员工", 3],
];

export interface DeptSeed {
  name: string;
  fullName: string;
  children?: DeptSeed[];
}

export const DEPTS: DeptSeed[] = [
  {
    name: "刀锋科技",
    fullName: "江苏刀锋科技有限公司",
    children: [
      { name: "常州刀锋", fullName: "常州刀锋科技有限公司" },
      { name: "苏州刀锋", fullName: "苏州刀锋科技有限公司" },
    ],
  },
];

/**
 * Parameters seeded at first start. None today: the lockout's account.failCount and
 * account.lockMinutes are the password policy's fields now, and account.initPassword is never
 * given a default (params.ts).
 */
export const PARAMS: [key: string, name: string, value: string][] = [];
