import { LayoutFrame } from "./LayoutFrame";
import { LockGuard } from "./LockGuard";
import "./i18n";

/** The signed-in layout route: the frame, behind the lock guard of §4. */
export function AppLayout() {
  return (
    <LockGuard>
      <LayoutFrame />
    </LockGuard>
  );
}
