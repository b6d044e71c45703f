import { labelOf, type ResourceSpec } from "../../../domain/validation";
import { appVisitLogSpec } from "../../../domain/resources/logAudit/applicationAccess/log-spec";
import { loginLogSpec } from "../../../domain/resources/logAudit/systemLogin/log-spec";
import { operationLogSpec } from "../../../domain/resources/logAudit/systemOperation/log-spec";
import { appVisitLog, loginLog, operationLog } from "../../db/schema";
import type { CsvColumn } from "../../kit/csv";
import type { LogMode } from "../../kit/log-mode";
import type { LogTable } from "../../security/log-repository";

export type LogRow = Record<string, unknown> & { id: string; tenantId: string; createTime: string };
type LogDefinition = LogMode<LogTable, LogRow>;

/** A column headed by the spec's label (zh), so the file says what the page says. */
const col = (spec: ResourceSpec, name: string, value: (r: LogRow) => unknown = (r) => r[name]): CsvColumn<LogRow> => ({
  header: labelOf(spec.fields[name], "zh"),
  value,
});

export const loginLogDef: LogDefinition = {
  spec: loginLogSpec,
  table: loginLog,
  base: "/loginLog",
  file: {
    ascii: "login-log",
    name: "系统登录日志",
    columns: [
    col(loginLogSpec, "account"),
    col(loginLogSpec, "grantType"),
    col(loginLogSpec, "success", (r) => (r.success === 1 ? "成功" : "失败")),
    col(loginLogSpec, "reason"),
    col(loginLogSpec, "ip"),
    col(loginLogSpec, "userAgent"),
    col(loginLogSpec, "createTime"),
    ],
  },
};

export const appVisitLogDef: LogDefinition = {
  spec: appVisitLogSpec,
  table: appVisitLog,
  base: "/appVisitLog",
  file: { ascii: "app-visit-log", name: "应用访问日志", columns: ["account", "appId", "appName", "ip", "userAgent", "createTime"].map((f) => col(appVisitLogSpec, f)) },
};

export const operationLogDef: LogDefinition = {
  spec: operationLogSpec,
  table: operationLog,
  base: "/operationLog",
  file: {
    ascii: "operation-log",
    name: "系统操作日志",
    columns: ["seq", "account", "title", "action", "tableName", "recordIds", "summary", "requestUri", "ip", "userAgent", "createTime", "hash"].map((f) =>
      col(operationLogSpec, f),
    ),
  },
};
