import { useEffect, useState } from "react";
import type { TokenResponse } from "../../../domain/contract";
import { loginBySocial } from "../../providers/auth/api";
import { needsRegistration, startSession } from "../login/sign-in";
import { resolveTenant } from "../login/useTenant";

export type SocialSignIn =
  | { status: "pending" }
  | { status: "signedIn" }
  | { status: "register" }
  | { status: "failed"; error: string };

interface Grant {
  source: string;
  code: string;
  state?: string;
  /** When absent: the domain's tenant in tenant mode, else the default one. */
  tenantId?: string | null;
}

// An authorisation code is single-use: the same code must be exchanged once even when the page
// effect runs twice (StrictMode, a re-render), so concurrent callers share one exchange.
const exchanges = new Map<string, Promise<TokenResponse>>();

function exchangeOnce(g: Grant): Promise<TokenResponse> {
  const key = `${g.source}\n${g.code}`;
  let p = exchanges.get(key);
  if (!p) {
    p = (async () => {
      const tenantId = g.tenantId || (await resolveTenant()).tenantId;
      const token = await loginBySocial({ tenantId, source: g.source, code: g.code, state: g.state });
      await startSession(token);
      return token;
    })();
    exchanges.set(key, p);
  }
  return p;
}

/** Signs in with the social grant once and reports how it went; nothing is stored on failure. */
export function useSocialSignIn(grant: Grant | null): SocialSignIn {
  const [state, setState] = useState<SocialSignIn>(() => (grant ? { status: "pending" } : { status: "failed", error: "" }));
  const key = grant ? `${grant.source}\n${grant.code}\n${grant.state ?? ""}\n${grant.tenantId ?? ""}` : "";

  useEffect(() => {
    if (!grant) return;
    let live = true;
    exchangeOnce(grant).then(
      (token) => live && setState({ status: needsRegistration(token) ? "register" : "signedIn" }),
      (e: unknown) => live && setState({ status: "failed", error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
    // The grant is identified by its key; the object itself is rebuilt on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return state;
}
