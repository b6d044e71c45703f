import { lazyRoute } from "../../../components/lazy-route";
import type { ResourceDescriptor } from "../../types";
import { API } from "../../../../domain/contract/api";

/** 资源申请 (§2 /resourceCenter/resourceApplication/index): request an application, follow and withdraw requests. */
export const resourceApplicationResource: ResourceDescriptor = {
  name: "resourceApplication",
  path: "/resourceCenter/resourceApplication/index",
  labelKey: "menuName.resourceApplication",
  list: lazyRoute(() => import("./ResourceApplicationPage")),
  meta: { api: API.base("/authentication/resourceApplication"), permissions: { list: "resourceApplication", create: "resourceApplication_apply", withdraw: "resourceApplication_withdraw" } },
};
