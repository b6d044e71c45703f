import { addTranslations } from "../../providers/i18n";

// What every resource page shares beyond refine's own keys (buttons.*, table.*, messages.*).
addTranslations("kit", {
  zh: {
    total: "共 {{total}} 条",
    values: { "0": "否", "1": "是" },
    enter: "请输入{{label}}",
    select: "请选择{{label}}",
    // One pattern for every create/edit dialog: the action, then the thing (新增用户, 编辑角色).
    dialog: { create: "新增{{noun}}", edit: "编辑{{noun}}" },
    // Under §8's 确定将选择数据删除?: what exactly goes.
    deleting: { one: "将删除「{{name}}」", many: "将删除 {{count}} 项：{{names}}", more: "{{names}} 等" },
    listSeparator: "、",
    labelSuffix: "：",
    selected: "已选 {{count}} 项",
    clearSelection: "清空选择",
    noMatch: "没有符合「<query/>」的数据",
    clearFilters: "清空筛选",
    toolbar: "列表操作",
    exporting: "正在导出…",
    exportSelected: "导出选中（{{count}}）",
    loadFailed: "加载失败，请稍后重试",
  },
  en: {
    total: "{{total}} in total",
    values: { "0": "No", "1": "Yes" },
    enter: "Enter {{label, midSentence}}",
    select: "Select {{label, midSentence}}",
    dialog: { create: "Create {{noun}}", edit: "Edit {{noun}}" },
    deleting: { one: "“{{name}}” will be deleted", many: "{{count}} items will be deleted: {{names}}", more: "{{names}} and more" },
    listSeparator: ", ",
    labelSuffix: ": ",
    selected: "{{count}} selected",
    clearSelection: "Clear selection",
    noMatch: "No data matches “<query/>”",
    clearFilters: "Clear filters",
    toolbar: "List actions",
    exporting: "Exporting…",
    exportSelected: "Export selected ({{count}})",
    loadFailed: "Failed to load, please retry",
  },
});
