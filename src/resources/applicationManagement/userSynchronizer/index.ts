import { resourceDescriptor } from "../../../components/resource/descriptor";
import { SCIM_TOKEN_CODE, userSynchronizerSpec } from "../../../../domain/resources/applicationManagement/userSynchronizer/spec";

/** Applications → 用户同步 (/applicationManagement/userSynchronizer/index): synchronisers, their preview and runs, SCIM tokens. */
export const userSynchronizerResource = resourceDescriptor(userSynchronizerSpec, () => import("./SynchronizerList"), {
  permissions: {
    preview: `${userSynchronizerSpec.menuCode}_preview`,
    sync: `${userSynchronizerSpec.menuCode}_sync`,
    scim: SCIM_TOKEN_CODE,
  },
});
