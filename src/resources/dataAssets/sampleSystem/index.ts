import { sampleAreaDescriptor } from "../shared/descriptor";

/** Sample top-level menu 管理中心 (/manageCenter), §2: what it shows is in ../sample/areas.ts. */
export const sampleSystemResource = sampleAreaDescriptor("sampleSystem");
