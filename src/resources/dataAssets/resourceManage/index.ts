import { sampleAreaDescriptor } from "../shared/descriptor";

/** Sample top-level menu 资源管理 (/integration), §2: what it shows is in ../sample/areas.ts. */
export const resourceManageResource = sampleAreaDescriptor("resourceManage");
