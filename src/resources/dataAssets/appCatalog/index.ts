import { sampleAreaDescriptor } from "../shared/descriptor";

/** Sample top-level menu 应用编目 (/govern), §2: what it shows is in ../sample/areas.ts. */
export const appCatalogResource = sampleAreaDescriptor("appCatalog");
