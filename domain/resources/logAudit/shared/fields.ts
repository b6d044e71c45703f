import { field, type FieldSpec } from "../../../validation";

/**
 * Fields every log shares. Logs are written by the server only (form: false everywhere) and read
 * with filters: the search form offers account, IP and the time range (createTime_dategt/_datelt).
 */
export const logFields = {
  account: field.text({ zh: "账号", en: "Account" }, 64, { form: false, search: "like", sortable: true }),
  ip: field.text({ zh: "IP地址", en: "IP address" }, 64, { form: false, search: "like" }),
  userAgent: field.text({ zh: "客户端", en: "User agent" }, 500, { form: false }),
  createTime: { kind: "date", label: { zh: "时间", en: "Time" }, filter: true, sortable: true, form: false } satisfies FieldSpec,
};

/** The export button's code beside the derived ones (seeded as `<menu>_export`). */
export const exportCode = (menuCode: string) => `${menuCode}_export`;
