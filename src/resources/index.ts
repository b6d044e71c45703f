import type { ResourceDescriptor } from "./types";
import { userResource } from "./system/user";

/** The registry: refine's resources and the route tree are both built from this list. */
export const resources: ResourceDescriptor[] = [userResource];
