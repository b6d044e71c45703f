import { addTranslations } from "../../../providers/i18n";
import { appRoleMessages } from "../../../../domain/resources/applicationManagement/rolesManagement/spec";

const pick = (lang: "zh" | "en") => Object.fromEntries(Object.entries(appRoleMessages).map(([k, m]) => [k, m[lang]]));

/** 应用角色: the page's words beyond the spec's labels (keys `rolesManagement.*`). */
addTranslations("rolesManagement", {
  zh: {
    ...pick("zh"),
    appName: "所属应用",
    allApps: "全部应用",
    chooseApp: "请选择应用",
    addUser: "分配用户",
    addUserTitle: "分配用户 · {{name}}",
    users: "用户",
    searchUser: "输入姓名或账号搜索",
    addUserHelp: "所选用户将获得该角色,已有此角色的用户不受影响",
    addUserDone: "分配成功",
    deleteConfirm: "确定将选择数据删除? 持有这些角色的用户将同时失去它们",
    assignDirectory: "分配目录",
    assignDirectoryTitle: "分配目录 · {{name}}",
    assignDirectoryHelp: "该角色的持有人可以使用所勾选目录中的应用;保存后以勾选结果为准",
    assignDirectoryDone: "分配成功",
    filterDirectories: "输入目录名称筛选",
    directoryStopped: "{{name}}(已停用)",
  },
  en: {
    ...pick("en"),
    appName: "Application",
    allApps: "All applications",
    chooseApp: "Please select an application",
    addUser: "Assign users",
    addUserTitle: "Assign users · {{name}}",
    users: "Users",
    searchUser: "Search by name or account",
    addUserHelp: "The chosen users get this role; users who already hold it keep it",
    addUserDone: "Users assigned",
    deleteConfirm: "Delete the selected data? Users holding these roles lose them",
    assignDirectory: "Assign directories",
    assignDirectoryTitle: "Assign directories · {{name}}",
    assignDirectoryHelp: "Holders of this role may use the applications of the checked directories; saving keeps exactly what is checked",
    assignDirectoryDone: "Directories assigned",
    filterDirectories: "Filter by directory name",
    directoryStopped: "{{name}} (stopped)",
  },
});
