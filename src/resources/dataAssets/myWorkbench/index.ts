import { sampleAreaDescriptor } from "../shared/descriptor";

/** Sample top-level menu 我的工作台 (/workbench/myWorkbench), §2: what it shows is in ../sample/areas.ts. */
export const myWorkbenchResource = sampleAreaDescriptor("myWorkbench");
