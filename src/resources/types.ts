import type { ComponentType, LazyExoticComponent } from "react";
import type { BladeResourceMeta } from "../providers/data/provider";

/** Actions a resource's buttons guard; each maps to a button permission code of the server. */
export type ResourceAction = "list" | "create" | "edit" | "delete" | "show";

/**
 * One resource's descriptor (`src/resources/<module>/<resource>/index.ts`). The registry collects
 * every descriptor file; nothing else in the app changes to add a resource.
 */
export interface ResourceDescriptor {
  /** refine resource name. */
  name: string;
  /** The menu path of §2 that opens the list (a trailing `/index` is also accepted). */
  path: string;
  /** i18n key of the page title. */
  labelKey: string;
  /** The list page, loaded lazily so a resource costs nothing until it is opened. */
  list: LazyExoticComponent<ComponentType>;
  meta: BladeResourceMeta & {
    /** The permission code of each action (refine's access control reads them). */
    permissions: Partial<Record<ResourceAction, string>> & Record<string, string>;
  };
}
