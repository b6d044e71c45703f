import { sampleAreaDescriptor } from "../shared/descriptor";

/** Sample top-level menu 运维 (/operations), §2: what it shows is in ../sample/areas.ts. */
export const operationsResource = sampleAreaDescriptor("operations");
