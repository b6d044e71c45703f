/** The shared zh bundle: refine's own keys (used by @refinedev/core and @refinedev/antd) and the §8 texts. */
const messages = {
  added: "添加成功",
  updated: "修改成功",
  deleted: "删除成功",
  confirmDelete: "确定将选择数据删除?",
  selectAtLeastOne: "请选择至少一条数据",
};

export const zh = {
  messages,
  common: {
    empty: "暂无数据",
    ok: "确定",
    cancel: "取消",
    search: "搜索",
    reset: "清空",
    loading: "加载中",
  },
  http: {
    timeout: "网络请求超时",
    unknown: "未知错误",
    network: "网络错误",
  },
  buttons: {
    create: "新增",
    save: "保存",
    logout: "退出登录",
    delete: "删除",
    edit: "编辑",
    cancel: "取消",
    confirm: "确定将选择数据删除?",
    filter: "筛选",
    clear: "清空",
    refresh: "刷新",
    show: "查看",
    undo: "撤销",
    import: "导入",
    export: "导出",
    clone: "复制",
    notAccessTitle: "您没有访问权限",
  },
  actions: {
    list: "列表",
    create: "新增",
    edit: "编辑",
    show: "查看",
    clone: "复制",
  },
  notifications: {
    success: "成功",
    error: "错误 (状态码: {{statusCode}})",
    undoable: "您还有 {{seconds}} 秒可以撤销",
    createSuccess: messages.added,
    createError: "新增{{resource}}失败 (状态码: {{statusCode}})",
    editSuccess: messages.updated,
    editError: "修改{{resource}}失败 (状态码: {{statusCode}})",
    deleteSuccess: messages.deleted,
    deleteError: "删除{{resource}}失败 (状态码: {{statusCode}})",
    importProgress: "导入中: {{processed}}/{{total}}",
  },
  warnWhenUnsavedChanges: "确定要离开吗?有未保存的修改。",
  loading: "加载中",
  table: {
    actions: "操作",
  },
  tags: {
    clone: "复制",
  },
  autoSave: {
    idle: "等待修改",
    loading: "保存中...",
    success: "已保存",
    error: "自动保存失败",
  },
  documentTitle: {
    default: "Blade Console",
    suffix: " | Blade Console",
  },
  pages: {
    error: {
      "403": "抱歉,您无权访问此页面。",
      "404": "抱歉,您访问的页面不存在。",
      "500": "抱歉,服务器出错了。",
      resource404: "请确认已创建资源 {{resource}}。",
      info: "您可能忘记为资源 {{resource}} 添加 {{action}} 组件。",
      backHome: "返回首页",
    },
    login: {
      title: "登录",
      signin: "登录",
      signup: "注册",
      divider: "或",
      register: "注册",
      fields: { email: "邮箱", password: "密码" },
      buttons: { rememberMe: "记住我", forgotPassword: "忘记密码?", noAccount: "没有账号?", haveAccount: "已有账号?" },
      errors: { requiredEmail: "请输入邮箱", validEmail: "邮箱格式不正确", requiredPassword: "请输入密码" },
    },
  },
};

/** The shape every locale bundle must have. */
export type LocaleBundle = typeof zh;
