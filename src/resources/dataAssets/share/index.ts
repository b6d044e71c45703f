import { sampleAreaDescriptor } from "../shared/descriptor";

/** Sample top-level menu 共享 (/dataService), §2: what it shows is in ../sample/areas.ts. */
export const shareResource = sampleAreaDescriptor("share");
