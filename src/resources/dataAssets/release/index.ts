import { sampleAreaDescriptor } from "../shared/descriptor";

/** Sample top-level menu 发布 (/datamanage), §2: what it shows is in ../sample/areas.ts. */
export const releaseResource = sampleAreaDescriptor("release");
