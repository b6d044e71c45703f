import { useInvalidate, type BaseRecord } from "@refinedev/core";
import { App, Switch } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { userSynchronizerSpec as spec } from "../../../../domain/resources/applicationManagement/userSynchronizer/spec";
import { useResourceCan } from "../../../providers/access-control";
import { syncCalls } from "./api";

/** Enables or disables one synchroniser after a confirmation saying what it changes; gated by the edit code. */
export function StatusSwitch({ row }: { row: BaseRecord }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const invalidate = useInvalidate();
  const can = useResourceCan(spec.name, "edit");
  const [busy, setBusy] = useState(false);
  const name = String(row.name ?? "");
  const toggle = (next: boolean) =>
    modal.confirm({
      title: t(next ? "userSynchronizer.enableConfirm" : "userSynchronizer.disableConfirm", { name }),
      okText: t("common.ok"),
      cancelText: t("buttons.cancel"),
      okButtonProps: { danger: !next },
      onOk: async () => {
        setBusy(true);
        try {
          await syncCalls.setStatus(String(row.id), next ? 1 : 0);
          message.success(t("userSynchronizer.statusChanged"));
          await invalidate({ resource: spec.name, invalidates: ["list"] });
        } catch {
          // Refused: the request layer shows the server's reason; the switch keeps the stored state.
        } finally {
          setBusy(false);
        }
      },
    });
  return (
    <Switch
      checked={Number(row.status) === 1}
      loading={busy}
      disabled={!can.can}
      aria-label={`${name} ${t("userSynchronizer.fields.status")}`}
      checkedChildren={t("userSynchronizer.enabled")}
      unCheckedChildren={t("userSynchronizer.disabled")}
      onChange={toggle}
    />
  );
}
