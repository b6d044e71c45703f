import { ExplainDrawer } from "./ExplainDrawer";
import { AssignDialog } from "./AssignDialog";
import { BoundAccountsDialog } from "./BoundAccountsDialog";
import { ImportDialog } from "./ImportDialog";
import { InviteDialog } from "./InviteDialog";
import { PlatformDialog } from "./PlatformDialog";

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
