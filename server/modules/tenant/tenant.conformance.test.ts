import { tenantSpec } from "../../../domain/resources/system/tenant/spec";
import { describeConformance } from "../../test/conformance";

// The admin variant (list, detail, submit, remove): the platform administrator's alone.
describeConformance({
  spec: tenantSpec,
  platform: true,
  valid: (n) => ({ tenantName: `租户${n}`, linkman: "张三", contactNumber: "13800000000", accountNumber: 10, expireTime: "2099-01-01 00:00:00" }),
  change: { field: "tenantName", value: "新名称" },
});
