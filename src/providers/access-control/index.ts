/**
 * Button permissions (§6): a resource descriptor names the code of each action in
 * `meta.permissions`, e.g. `{ create: "user_add", edit: "user_edit", delete: "user_delete", show: "user_view" }`;
 * the code is granted when the server's buttons tree has it as a leaf.
 */
import { useCan, useResourceParams, type AccessControlProvider, type CanParams, type CanReturnType } from "@refinedev/core";
import { getPermissions, usePermissions } from "../auth/menu-store";

export type ResourcePermissions = Partial<Record<string, string>>;

/** The code a resource descriptor requires for an action, if any. */
export function permissionCodeFor({ action, params }: Pick<CanParams, "action" | "params">): string | undefined {
  const meta = params?.resource?.meta as { permissions?: ResourcePermissions } | undefined;
  const code = meta?.permissions?.[action];
  return typeof code === "string" && code !== "" ? code : undefined;
}

export function hasPermission(code: string): boolean {
  return getPermissions().has(code);
}

/** Synchronous answer of `can` (no code named → allowed). */
export function canSync(params: CanParams): CanReturnType {
  const code = permissionCodeFor(params);
  return { can: code === undefined || hasPermission(code) };
}

export const accessControlProvider: AccessControlProvider = {
  can: (params) => Promise.resolve(canSync(params)),
  options: {
    buttons: { enableAccessControl: true, hideIfUnauthorized: true },
    // Answers are cheap reads of the menu store: always re-check on mount (a new login changes them).
    queryOptions: { staleTime: 0 },
  },
};

/** True when the current user holds `code`; re-renders when permissions change. */
export function usePermission(code: string): boolean {
  return usePermissions().has(code);
}

/**
 * refine's useCan for a resource named by the page: refine hands the provider the resource (whose
 * meta.permissions names the code) only when the caller passes it, and without it any action is
 * allowed. Undefined while the answer is pending.
 */
export function useResourceCan(resource: string, action: string): { can: boolean | undefined; isLoading: boolean } {
  const { resource: item } = useResourceParams({ resource });
  const answer = useCan({ resource, action, params: { resource: item } });
  return { can: answer.data?.can, isLoading: answer.isLoading };
}
