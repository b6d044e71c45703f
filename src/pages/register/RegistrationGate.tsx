import type { ReactNode } from "react";
import { getUserInfo } from "../../providers/auth";
import { needsRegistration } from "../login/sign-in";
import { lazyDialog } from "../../components/lazy-dialog";

// Only a third-party first sign-in sees it: the console of everyone else loads without it.
const RegistrationDialog = lazyDialog(() => import("./RegistrationDialog").then((m) => m.RegistrationDialog));

/**
 * Inside the signed-in area: a session whose user has no valid id (a third-party first sign-in,
 * also after a reload) sees only the registration dialog, never the console.
 */
export function RegistrationGate({ children }: { children: ReactNode }) {
  if (needsRegistration(getUserInfo())) return <RegistrationDialog />;
  return <>{children}</>;
}
