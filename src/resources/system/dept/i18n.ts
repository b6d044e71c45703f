import { addTranslations } from "../../../providers/i18n";

// The page's own words; field labels and the title come from the spec (spec.ts).
addTranslations("dept", {
  zh: {
    topLevel: "顶级机构",
    parentSearch: "输入名称搜索机构",
    searching: "搜索中…",
    importTitle: "机构导入",
    importHint: "先下载模板，按“填写说明”填好后上传（xlsx 格式，不超过 {{mb}} MB）。已存在的机构不会被覆盖。",
    downloadTemplate: "下载模板",
    chooseFile: "选择文件",
    startImport: "开始导入",
    importDone: "导入完成：共 {{total}} 行，成功 {{success}} 行，失败 {{failed}} 行",
    importFailedRows: "以下行未导入",
    row: "行号",
    reason: "原因",
    sync: "同步",
    syncConfirm: "将按上级机构重新计算全部机构的层级路径，上级已不存在的机构会移到顶级。确定同步?",
    syncDone: "同步完成：共 {{total}} 个机构，修正 {{repaired}} 个",
  },
  en: {
    topLevel: "Top level",
    parentSearch: "Type a name to search",
    searching: "Searching…",
    importTitle: "Import departments",
    importHint: "Download the template, fill it in as its notes sheet says, then upload it (xlsx, at most {{mb}} MB). Existing departments are never overwritten.",
    downloadTemplate: "Download template",
    chooseFile: "Choose file",
    startImport: "Import",
    importDone: "Import finished: {{total}} rows, {{success}} imported, {{failed}} refused",
    importFailedRows: "Rows not imported",
    row: "Row",
    reason: "Reason",
    sync: "Sync",
    syncConfirm: "Recompute the path of every department from its parent; departments whose parent is gone move to the top level. Continue?",
    syncDone: "Sync finished: {{total}} departments, {{repaired}} corrected",
  },
});
