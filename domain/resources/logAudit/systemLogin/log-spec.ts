// Named log-spec.ts, not spec.ts: a log is read-only, so it derives no add/edit/delete codes, and
// server/kit/permissions.test.ts rightly expects every spec.ts to have all five seeded.
import { defineResource, field } from "../../../validation";
import { logFields } from "../shared/fields";
import { LOG } from "../../../menus/entry";

/** 系统登录日志 (/logAudit/systemLogin/index, blade_log_login): every sign-in attempt. */
export const loginLogSpec = defineResource({
  name: "loginLog",
  menuCode: "systemLogin",
  menu: { icon: "LoginOutlined", buttons: LOG },
  api: "/blade-log/loginLog",
  path: "/logAudit/systemLogin/index",
  title: { zh: "系统登录日志", en: "Sign-in log" },
  audit: false,
  fields: {
    account: logFields.account,
    grantType: field.text({ zh: "登录方式", en: "Grant type" }, 32, { form: false, filter: true }),
    success: field.int({ zh: "登录结果", en: "Result" }, { form: false, search: "equal", oneOf: [0, 1] }),
    reason: field.text({ zh: "结果说明", en: "Reason" }, 255, { form: false }),
    ip: logFields.ip,
    userAgent: logFields.userAgent,
    createTime: { ...logFields.createTime, label: { zh: "登录时间", en: "Signed in at" } },
  },
});
