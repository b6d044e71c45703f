import { lazyRoute } from "../../../components/lazy-route";
import type { ResourceDescriptor } from "../../types";
import { API } from "../../../../domain/contract/api";

/** 我的资源 (§2 /resourceCenter/myResources/index): what is granted to the user and why. */
export const myResourcesResource: ResourceDescriptor = {
  name: "myResources",
  path: "/resourceCenter/myResources/index",
  labelKey: "menuName.myResources",
  list: lazyRoute(() => import("./MyResourcesPage")),
  meta: { api: API.base("/myResources"), permissions: { list: "myResources" } },
};
