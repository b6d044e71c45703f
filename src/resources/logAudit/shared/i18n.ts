import { addTranslations } from "../../../providers/i18n";

// Words the three log pages share; field labels and titles come from each page's spec.
addTranslations("logAudit", {
  zh: {
    timeRange: "时间范围",
    success: "成功",
    failure: "失败",
    detail: "详情",
    detailTitle: "操作详情",
    field: "字段",
    before: "变更前",
    after: "变更后",
    noChanges: "无字段变更",
    verify: "校验日志链",
    verifying: "正在校验…",
    verifyOk: "日志链完整：已校验 {{checked}} 条记录",
    verifyBroken: "日志链在第 {{seq}} 条记录处断开（ID {{id}}，租户 {{tenantId}}，时间 {{createTime}}）：{{reason}}",
    actions: { insert: "新增", update: "修改", remove: "删除", export: "数据导出" },
  },
  en: {
    timeRange: "Time range",
    success: "Success",
    failure: "Failure",
    detail: "Detail",
    detailTitle: "Operation detail",
    field: "Field",
    before: "Before",
    after: "After",
    noChanges: "No field changed",
    verify: "Verify chain",
    verifying: "Verifying…",
    verifyOk: "Chain intact: {{checked}} rows verified",
    verifyBroken: "The chain breaks at row {{seq}} (ID {{id}}, tenant {{tenantId}}, {{createTime}}): {{reason}}",
    actions: { insert: "Create", update: "Update", remove: "Delete", export: "Data export" },
  },
});
