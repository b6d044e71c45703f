import { lazyRoute } from "../../../components/lazy-route";
import type { ResourceDescriptor } from "../../types";
import { TASK_RESULT_API } from "../../../../domain/resources/applicationManagement/taskResult/spec";

/** Applications → 同步记录 (/applicationManagement/taskResult/index): the runs of the synchronisers and SCIM pushes, read-only. */
export const taskResultResource: ResourceDescriptor = {
  name: "taskResult",
  path: "/applicationManagement/taskResult/index",
  labelKey: "menuName.taskResult",
  list: lazyRoute(() => import("./TaskResultList")),
  meta: { api: TASK_RESULT_API, rawFilters: true, permissions: { list: "taskResult", show: "taskResult_view" } },
};
