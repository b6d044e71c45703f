import { useQueryClient, type Query } from "@tanstack/react-query";
import { useEffect } from "react";
import { deptSpec } from "../../../../domain/resources/system/dept/spec";

const readsDepts = (query: Query) =>
  query.queryKey.some((part) => {
    const url = part && typeof part === "object" ? (part as { url?: unknown }).url : undefined;
    return typeof url === "string" && url.startsWith(`${deptSpec.api}/`);
  });

/**
 * Department trees elsewhere (the users page's filter, pickers) are cached for minutes: once a
 * department is saved, moved, removed, imported or synced here, they are marked stale, so the next
 * page that shows one reads it again instead of showing the tree as it was.
 */
export function useRefreshDeptTrees(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        if (event.type !== "updated" || event.action.type !== "success") return;
        const sent = event.mutation.state.variables as { resource?: unknown; url?: unknown } | undefined;
        const ours = sent?.resource === deptSpec.name || (typeof sent?.url === "string" && sent.url.startsWith(`${deptSpec.api}/`));
        if (ours) void client.invalidateQueries({ predicate: readsDepts });
      }),
    [client],
  );
}
