import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { ADMINISTRATOR_ALIAS } from "../../../../domain/contract";
import { loadMenusAndPermissions } from "../../../providers/auth";
import { getUserInfo } from "../../../providers/auth/session";

/**
 * After each successful write of `resource` (a menu saved, moved or deleted), the side menu and
 * buttons of the administrator at work here are read again, so the change shows in the menu at
 * once; everyone else sees it at their next load. Only the administrator: it holds the full tree
 * (no top menu), which this reload replaces.
 */
export function useOwnMenusFollow(resource: string) {
  const client = useQueryClient();
  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        if (event.type !== "updated" || event.action.type !== "success") return;
        const variables = event.mutation.state.variables as { resource?: string } | undefined;
        if (variables?.resource !== resource) return;
        const roles = (getUserInfo()?.role_name ?? "").split(",").map((r) => r.trim());
        if (roles.includes(ADMINISTRATOR_ALIAS)) void loadMenusAndPermissions();
      }),
    [client, resource],
  );
}
