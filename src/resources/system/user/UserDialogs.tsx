import { lazyDialog } from "../../../components/lazy-dialog";

// Each dialog loads on its first opening: none is on screen when the page first paints, and the
// import's upload, the explanation's steps and drawer, the tree selects would weigh on that load.
const ExplainDrawer = lazyDialog(() => import("./ExplainDrawer").then((m) => m.ExplainDrawer));
const AssignDialog = lazyDialog(() => import("./AssignDialog").then((m) => m.AssignDialog));
const BoundAccountsDialog = lazyDialog(() => import("./BoundAccountsDialog").then((m) => m.BoundAccountsDialog));
const ImportDialog = lazyDialog(() => import("./ImportDialog").then((m) => m.ImportDialog));
const InviteDialog = lazyDialog(() => import("./InviteDialog").then((m) => m.InviteDialog));
const PlatformDialog = lazyDialog(() => import("./PlatformDialog").then((m) => m.PlatformDialog));

/** The dialogs the users page opens from its toolbar and rows (one at a time). */
export type UserDialog =
  | { kind: "role" | "dept"; ids: string[]; initial?: string[] }
  | { kind: "bound"; userId: string; name: string }
  | { kind: "explain"; userId: string; name: string }
  | { kind: "platform"; userId: string; name: string }
  | { kind: "invite"; ids: string[] }
  | { kind: "import" };

export function UserDialogs({ dialog, onClose }: { dialog?: UserDialog; onClose: (done: boolean) => void }) {
  if (!dialog) return null;
  if (dialog.kind === "invite") return <InviteDialog ids={dialog.ids} onClose={onClose} />;
  if (dialog.kind === "import") return <ImportDialog onClose={() => onClose(false)} />;
  if (dialog.kind === "explain") return <ExplainDrawer userId={dialog.userId} name={dialog.name} onClose={() => onClose(false)} />;
  if (dialog.kind === "platform") return <PlatformDialog userId={dialog.userId} name={dialog.name} onClose={onClose} />;
  if (dialog.kind === "bound") return <BoundAccountsDialog userId={dialog.userId} name={dialog.name} onClose={() => onClose(false)} />;
  return <AssignDialog kind={dialog.kind} ids={dialog.ids} initial={dialog.initial} onClose={onClose} />;
}
