import { datasourceSpec } from "../../../domain/resources/system/datasource/spec";
import { describeConformance } from "../../test/conformance";

describeConformance({
  spec: datasourceSpec,
  platform: true,
  valid: (n) => ({ name: `数据源${n}`, driverClass: "postgresql", url: `postgresql://db${n}.example.com:5432/tenant_${n}`, username: `blade${n}`, password: `pw-${n}` }),
  change: { field: "name", value: "新名称" },
});
