import { useEffect, useState } from "react";
import { website } from "../../config/website";
import { fetchTenantByDomain } from "../../providers/auth/api";

/**
 * Which tenant a form signs in to. `fixed`: known without asking (tenant mode off, or the domain
 * names the tenant); `ask`: show the tenant id field; `pending`: the domain lookup is under way.
 */
export type TenantState = { status: "pending" | "fixed" | "ask"; tenantId: string };

let lookup: Promise<string | null> | null = null;

/** One domain lookup per page load: the answer does not change while the page is open. */
export function resolveTenant(): Promise<TenantState> {
  if (!website.tenantMode) return Promise.resolve({ status: "fixed", tenantId: website.tenantId });
  lookup ??= fetchTenantByDomain(window.location.hostname).catch(() => null);
  return lookup.then((id) => (id ? { status: "fixed", tenantId: id } : { status: "ask", tenantId: website.tenantId }));
}

/** Tests only: forget the looked-up tenant. */
export function resetTenantLookup(): void {
  lookup = null;
}

export function useTenant(): TenantState {
  const [state, setState] = useState<TenantState>(() =>
    website.tenantMode ? { status: "pending", tenantId: website.tenantId } : { status: "fixed", tenantId: website.tenantId },
  );
  useEffect(() => {
    let live = true;
    void resolveTenant().then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, []);
  return state;
}
