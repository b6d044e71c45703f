import { addTranslations } from "../../../providers/i18n";
import { datasourceMessages } from "../../../../domain/resources/system/datasource/spec";

const pick = (lang: "zh" | "en") => Object.fromEntries(Object.entries(datasourceMessages).map(([k, m]) => [k, m[lang].replace(/\{(\w+)\}/g, "{{$1}}")]));

/** 数据源: the page's words beyond the spec's labels (keys `datasource.*`). */
addTranslations("datasource", {
  zh: {
    ...pick("zh"),
    testing: "正在连接…",
    testOk: "连接成功",
    testFailed: "连接失败",
    testOf: "测试连接 {{name}}",
    driverPostgresql: "PostgreSQL",
  },
  en: {
    ...pick("en"),
    testing: "Connecting…",
    testOk: "Connected",
    testFailed: "Connection failed",
    testOf: "Test connection of {{name}}",
    driverPostgresql: "PostgreSQL",
  },
});
