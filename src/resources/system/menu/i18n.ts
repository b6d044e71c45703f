import { addTranslations } from "../../../providers/i18n";

// The menu page's own words; titles and field labels come from the specs (spec.ts, scope-spec.ts, topmenu-spec.ts).
addTranslations("menu", {
  zh: {
    tabs: { menus: "菜单", topMenus: "顶部菜单" },
    topLevel: "顶级菜单",
    addChild: "新增子项",
    addChildTitle: "新增子项 · {{name}}",
    dataScope: "数据权限",
    apiScope: "接口权限",
    scopesOf: "{{title}} · {{name}}",
    icon: {
      choose: "选择图标",
      search: "搜索图标名称",
      count: "共 {{count}} 个图标",
      none: "没有匹配的图标",
      loading: "图标加载中",
      themes: { Outlined: "线框风格", Filled: "实底风格", TwoTone: "双色风格" },
    },
    ruleHint: "格式：字段:运算符:值，多个条件以 ; 分隔，运算符 eq/ne/gt/ge/lt/le/like/in，${userId} 表示当前用户，如 status:eq:1;create_user:eq:${userId}",
    noColumns: "该菜单不管理数据表，只能选择全部可见",
    topGrant: "菜单配置",
    topGrantTitle: "菜单配置 · {{name}}",
    topGrantDone: "配置成功",
  },
  en: {
    tabs: { menus: "Menus", topMenus: "Top menus" },
    topLevel: "Top level",
    addChild: "Create child",
    addChildTitle: "Create child · {{name}}",
    dataScope: "Data scopes",
    apiScope: "API scopes",
    scopesOf: "{{title}} · {{name}}",
    icon: {
      choose: "Choose an icon",
      search: "Search icon names",
      count: "{{count}} icons",
      none: "No icon matches",
      loading: "Loading icons",
      themes: { Outlined: "Outlined", Filled: "Filled", TwoTone: "Two-tone" },
    },
    ruleHint: "Format: column:operator:value, conditions separated by ; operators eq/ne/gt/ge/lt/le/like/in, ${userId} is the signed-in user, e.g. status:eq:1;create_user:eq:${userId}",
    noColumns: "This menu manages no table: only 'all' can be chosen",
    topGrant: "Configure menus",
    topGrantTitle: "Configure menus · {{name}}",
    topGrantDone: "Configured",
  },
});
