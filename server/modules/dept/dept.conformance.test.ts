import { deptSpec } from "../../../domain/resources/system/dept/spec";
import { describeConformance } from "../../test/conformance";

// Top-level departments of the writer's tenant: the battery creates, lists, edits and removes them.
describeConformance({
  spec: deptSpec,
  valid: (n) => ({ deptName: `机构${n}`, deptCategory: 2, sort: n, phone: "13800138000", mailbox: `d${n}@example.com` }),
  change: { field: "deptName", value: "新名称" },
});
