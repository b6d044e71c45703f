import { resourceDescriptor } from "../../../components/resource/descriptor";
import { DEPT_BUTTON_CODES, deptSpec } from "../../../../domain/resources/system/dept/spec";

/** System → Departments (§2 /system/dept): a lazily loaded tree, BladeX's lazy-list one level at a time. */
export const deptResource = resourceDescriptor(deptSpec, () => import("./DeptList"), {
  listMode: "list",
  endpoints: { list: "lazy-list" },
  params: { parentId: "0" },
  permissions: { ...DEPT_BUTTON_CODES },
});
