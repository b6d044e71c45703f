import { useInvalidate } from "@refinedev/core";
import { App } from "antd";
import { useTranslation } from "react-i18next";
import { saveBlob } from "../../../components/save-blob";
import { http, type BlobResult } from "../../../providers/http";
import { API, type ApiTail } from "../../../../domain/contract/api";

/** An authenticated download: the token goes in the header, the file comes back as a blob. */
export async function download(url: string, params?: Record<string, unknown>): Promise<void> {
  saveBlob(await http.get<BlobResult>(url, { params, responseType: "blob" }));
}

/**
 * A confirmation whose OK work may be refused: awaiting the dialog puts antd in its "await mode",
 * where a rejected onOk keeps the dialog open without rethrowing (the refusal is already shown by
 * the http layer), so no rejection is left unhandled.
 */
export function quietly<T extends { then: (resolve: (confirmed: boolean) => void, reject: () => void) => unknown }>(dialog: T): T {
  void dialog.then(
    () => undefined,
    () => undefined,
  );
  return dialog;
}

/**
 * The users page's calls on chosen users: each asks first (when told to), shows the success
 * message and refreshes the list. A refusal is already shown by the http layer (§8), and rejects,
 * so a confirmation dialog stays open on it.
 */
export function useUserCalls() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const invalidate = useInvalidate();

  const call = async (action: ApiTail<"POST", "/blade-user">, params: Record<string, unknown>, done: string) => {
    await http.post(API.post(`/blade-user/${action}`), undefined, { params });
    message.success(done);
    await invalidate({ resource: "user", invalidates: ["list", "detail"] });
  };

  /** `work` after an OK in a confirmation titled `title` (danger styles the OK button). */
  const confirm = (title: string, work: () => Promise<void>, danger = false) => quietly(
    modal.confirm({ title, okText: t("common.ok"), cancelText: t("buttons.cancel"), okButtonProps: { danger }, onOk: work }),
  );

  return {
    call,
    confirm,
    setStatus: (ids: string[], status: 0 | 1) =>
      confirm(t(status ? "user.enableConfirm" : "user.disableConfirm"), () => call("changeStatus", { ids: ids.join(","), status }, t("messages.updated")), !status),
    unlock: (ids: string[]) => confirm(t("user.unlockConfirm"), () => call("unlock", { userIds: ids.join(",") }, t("user.unlockDone"))),
  };
}
