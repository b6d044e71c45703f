import { lazyRoute } from "../../../components/lazy-route";
import type { ResourceDescriptor } from "../../types";
import { SESSION_CODES } from "./codes";
import { API } from "../../../../domain/contract/api";

/** 会话管理 (§2 /sessionManagement/index): online user and application sessions, and the session log. */
export const sessionResource: ResourceDescriptor = {
  name: "userSession",
  path: "/sessionManagement/index",
  labelKey: "menuName.sessionManagement",
  list: lazyRoute(() => import("./SessionPage")),
  meta: { api: API.base("/blade-user/userSession"), permissions: { ...SESSION_CODES } },
};
