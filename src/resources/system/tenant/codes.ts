/** The tenant page's buttons beyond CRUD, as the server's menu tree names them. */
export const TENANT_BUTTON_CODES = {
  setting: "tenant_setting",
  packageSetting: "tenant_package_setting",
  datasource: "tenant_datasource",
  reset: "tenant_reset",
  status: "tenant_status",
} as const;
