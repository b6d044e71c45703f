import { sampleAreaDescriptor } from "../shared/descriptor";

/** Sample top-level menu 项目看板 (/workbench/projectBoard), §2: what it shows is in ../sample/areas.ts. */
export const projectBoardResource = sampleAreaDescriptor("projectBoard");
