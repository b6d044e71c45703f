import { resourceDescriptor } from "../../../components/resource/descriptor";
import { THIRD_LOGIN_BASE, thirdLoginSpec } from "../../../../domain/resources/system/thirdPartyLogin/spec";

/** System → 三方登录 (/system/thirdPartyLogin/index), on the §7 names of sysConfig. */
export const thirdPartyLoginResource = resourceDescriptor(thirdLoginSpec, () => import("./ThirdLoginList"), {
  api: THIRD_LOGIN_BASE,
  listMode: "page",
  endpoints: {
    list: "thirdLoginInfoPage",
    detail: "thirdLoginInfoDetails",
    create: "thirdLoginInfoInsert",
    update: "thirdLoginInfoUpdate",
    remove: "thirdLoginInfoDelete",
  },
});
