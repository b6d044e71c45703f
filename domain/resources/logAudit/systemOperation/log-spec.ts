// Named log-spec.ts, not spec.ts: a log is read-only, so it derives no add/edit/delete codes, and
// server/kit/permissions.test.ts rightly expects every spec.ts to have all five seeded.
import { defineResource, field } from "../../../validation";
import { logFields } from "../shared/fields";
import { LOG, button } from "../../../menus/entry";

/**
 * 系统操作日志 (/logAudit/systemOperation/index, blade_log_operation): every administrative write,
 * recorded with the write itself, each row hash-chained to the one before (tamper-evident).
 */
export const operationLogSpec = defineResource({
  name: "operationLog",
  menuCode: "systemOperation",
  menu: {
    icon: "ProfileOutlined",
    // 校验: walks the operation log's hash chain and names the first row that does not fit.
    buttons: [...LOG, button("verify", "校验", "Verify", 1)],
    // The API log (接口日志) is the operation log's own tab.
    apis: ["/blade-log/api/"],
  },
  api: "/blade-log/operationLog",
  path: "/logAudit/systemOperation/index",
  title: { zh: "系统操作日志", en: "Operation log" },
  audit: false,
  fields: {
    seq: field.int({ zh: "序号", en: "No." }, { form: false, maxValue: Number.MAX_SAFE_INTEGER, sortable: true }),
    account: logFields.account,
    title: field.text({ zh: "操作", en: "Operation" }, 255, { form: false, search: "like" }),
    action: field.text({ zh: "类型", en: "Type" }, 16, { form: false, search: "equal", oneOf: ["insert", "update", "remove", "export"] }),
    tableName: field.text({ zh: "数据表", en: "Table" }, 64, { form: false, filter: true }),
    recordIds: field.text({ zh: "数据ID", en: "Record ids" }, 100_000, { form: false, filter: true }),
    summary: field.text({ zh: "变更摘要", en: "Changes" }, 100_000, { form: false, column: false }),
    requestUri: field.text({ zh: "请求地址", en: "Request" }, 500, { form: false, filter: true }),
    ip: logFields.ip,
    userAgent: { ...logFields.userAgent, column: false },
    createTime: { ...logFields.createTime, label: { zh: "操作时间", en: "Done at" } },
    hash: field.text({ zh: "哈希", en: "Hash" }, 64, { form: false, column: false }),
  },
});

/** The chain check's button (seeded beside view and export). */
export const VERIFY_CODE = "systemOperation_verify";
