import { sampleAreaDescriptor } from "../shared/descriptor";

/** Sample top-level menu 开发者管理 (/developer), §2: what it shows is in ../sample/areas.ts. */
export const developerManageResource = sampleAreaDescriptor("developerManage");
