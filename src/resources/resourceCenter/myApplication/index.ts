import { lazyRoute } from "../../../components/lazy-route";
import type { ResourceDescriptor } from "../../types";
import { API } from "../../../../domain/contract/api";

/** 我的应用 (§2 /resourceCenter/myApplication/index): the applications the user may use. */
export const myApplicationResource: ResourceDescriptor = {
  name: "myApplication",
  path: "/resourceCenter/myApplication/index",
  labelKey: "menuName.myApplication",
  list: lazyRoute(() => import("./MyApplicationPage")),
  meta: { api: API.base("/authentication/myApplication"), permissions: { list: "myApplication" } },
};
