import { sampleAreaDescriptor } from "../shared/descriptor";

/** Sample top-level menu 开发 (/dataDevelop), §2: what it shows is in ../sample/areas.ts. */
export const developResource = sampleAreaDescriptor("develop");
