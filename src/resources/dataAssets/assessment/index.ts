import { sampleAreaDescriptor } from "../shared/descriptor";

/** Sample top-level menu 考核 (/assessment), §2: what it shows is in ../sample/areas.ts. */
export const assessmentResource = sampleAreaDescriptor("assessment");
