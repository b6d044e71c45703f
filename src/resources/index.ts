import type { ResourceDescriptor } from "./types";

const isDescriptor = (v: unknown): v is ResourceDescriptor =>
  !!v && typeof v === "object" && "name" in v && "path" in v && "list" in v && "meta" in v;

// Every `src/resources/<module>/<resource>/index.ts` registers itself by being there: adding a
// resource (by hand or with `npm run refine -- add resource`) edits no shared file.
const found = import.meta.glob<Record<string, unknown>>("./*/*/index.ts", { eager: true });

/** The registry: refine's resources and the route tree are both built from this list. */
export const resources: ResourceDescriptor[] = Object.keys(found)
  .sort()
  .flatMap((file) => Object.values(found[file]).filter(isDescriptor));
