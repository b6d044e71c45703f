// Named log-spec.ts, not spec.ts: a log is read-only, so it derives no add/edit/delete codes, and
// server/kit/permissions.test.ts rightly expects every spec.ts to have all five seeded.
import { defineResource, field } from "../../../validation";
import { logFields } from "../shared/fields";
import { LOG } from "../../../menus/entry";

/** 应用访问日志 (/logAudit/applicationAccess/index, blade_log_app_visit): every app/visit call. */
export const appVisitLogSpec = defineResource({
  name: "appVisitLog",
  menuCode: "applicationAccess",
  menu: { icon: "GlobalOutlined", buttons: LOG },
  api: "/blade-log/appVisitLog",
  path: "/logAudit/applicationAccess/index",
  title: { zh: "应用访问日志", en: "Application access log" },
  audit: false,
  fields: {
    account: logFields.account,
    appId: field.id({ zh: "应用ID", en: "Application ID" }, { form: false, filter: true }),
    appName: field.text({ zh: "应用名称", en: "Application" }, 100, { form: false, search: "like" }),
    ip: logFields.ip,
    userAgent: logFields.userAgent,
    createTime: { ...logFields.createTime, label: { zh: "访问时间", en: "Visited at" } },
  },
});
