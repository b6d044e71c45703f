import type { ComponentType, LazyExoticComponent } from "react";

/** Actions a resource's buttons guard; each maps to a button permission code of the server. */
export type ResourceAction = "create" | "edit" | "delete" | "show";

/**
 * One resource's descriptor (`src/resources/<module>/<resource>/index.ts`). The registry turns it
 * into a refine resource and a route; nothing else in the app changes to add a resource.
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
  meta: {
    /** API base path, e.g. `/blade-user`. */
    api: string;
    listMode?: "page" | "list";
    endpoints?: { list?: string; detail?: string; create?: string; update?: string; remove?: string };
    permissions: Partial<Record<ResourceAction, string>>;
  };
}
