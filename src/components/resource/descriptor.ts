import type { ComponentType } from "react";
import { addTranslations } from "../../providers/i18n";
import { permissionCodes, specTranslations, type ResourceSpec } from "../../../domain/validation";
import type { BladeResourceMeta } from "../../providers/data/provider";
import type { ResourceDescriptor } from "../../resources/types";
import { lazyRoute } from "../lazy-route";

/**
 * A resource's descriptor from its spec: name, path, API, permission codes and the title and field
 * labels as i18n keys (`<name>.title`, `<name>.fields.<field>`), so nothing is written twice.
 */
export function resourceDescriptor(
  spec: ResourceSpec,
  list: () => Promise<{ default: ComponentType }>,
  meta: BladeResourceMeta & { permissions?: Record<string, string> } = {},
): ResourceDescriptor {
  addTranslations(spec.name, specTranslations(spec));
  return {
    name: spec.name,
    path: spec.path,
    labelKey: `${spec.name}.title`,
    list: lazyRoute(list),
    // Actions beyond CRUD (reset, unlock …) add their button codes to the derived ones.
    meta: { api: spec.api, ...meta, permissions: { ...permissionCodes(spec), ...meta.permissions } },
  };
}
