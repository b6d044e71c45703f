import { addTranslations } from "../providers/i18n";

addTranslations("components", {
  zh: {
    filterTree: { placeholder: "输入关键字进行过滤" },
    // The names of a table's checkboxes, read by screen readers (WCAG 4.1.2).
    selection: { row: "选择「{{name}}」", all: "全选" },
  },
  en: {
    filterTree: { placeholder: "Enter keyword to filter" },
    selection: { row: "Select “{{name}}”", all: "Select all" },
  },
});
