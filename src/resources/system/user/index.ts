import { lazyRoute } from "../../../components/lazy-route";
import type { ResourceDescriptor } from "../../types";
import "./i18n";

/** System → Users (§2 /system/user): BladeX's /blade-user API. */
export const userResource: ResourceDescriptor = {
  name: "user",
  path: "/system/user",
  labelKey: "user.title",
  list: lazyRoute(() => import("./UserList")),
  meta: {
    api: "/blade-user",
    listMode: "page",
    // Users are created through submit and edited through update (CONTRACT.md).
    endpoints: { create: "submit", update: "update" },
    permissions: { create: "user_add", edit: "user_edit", delete: "user_delete", show: "user_view" },
  },
};
