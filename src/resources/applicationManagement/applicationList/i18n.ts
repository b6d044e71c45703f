import { addTranslations } from "../../../providers/i18n";
import { appCategorySpec, appMessages } from "../../../../domain/resources/applicationManagement/applicationList/spec";
import { specTranslations } from "../../../../domain/validation";

const pick = (lang: "zh" | "en") => Object.fromEntries(Object.entries(appMessages).map(([k, m]) => [k, m[lang]]));

// The category form's labels come from its spec, under its own namespace (appCategory.fields.*).
addTranslations(appCategorySpec.name, specTranslations(appCategorySpec));

/** 应用列表: the page's words beyond the spec's labels (keys `applicationList.*`). */
addTranslations("applicationList", {
  zh: {
    ...pick("zh"),
    categories: "应用分类",
    allCategories: "全部应用",
    noCategory: "无分类",
    addCategory: "新增分类",
    addSubCategory: "新增子分类",
    editCategory: "编辑分类",
    deleteCategory: "删除分类",
    deleteCategoryConfirm: "确定删除分类「{{name}}」?",
    categoryLoadFailed: "应用分类加载失败",
    retry: "重试",
    category: "所属分类",
    enabled: "启用",
    disabled: "停用",
    enableConfirm: "确定启用应用「{{name}}」?",
    disableConfirm: "确定停用应用「{{name}}」? 停用后用户将无法访问该应用",
    deleteConfirm: "确定将选择数据删除? 应用的角色、用户的应用角色和角色组的绑定将一并删除",
  },
  en: {
    ...pick("en"),
    categories: "Categories",
    allCategories: "All applications",
    noCategory: "No category",
    addCategory: "Create category",
    addSubCategory: "Create sub-category",
    editCategory: "Edit category",
    deleteCategory: "Delete category",
    deleteCategoryConfirm: "Delete the category “{{name}}”?",
    categoryLoadFailed: "Could not load the categories",
    retry: "Retry",
    category: "Category",
    enabled: "Enabled",
    disabled: "Disabled",
    enableConfirm: "Enable the application “{{name}}”?",
    disableConfirm: "Disable the application “{{name}}”? Users can no longer open it",
    deleteConfirm: "Delete the selected data? The applications' roles, users' application roles and role-group bindings are deleted with them",
  },
});
