import { useInvalidate, type BaseRecord } from "@refinedev/core";
import { App, Switch } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePermission } from "../../../providers/access-control";
import { http } from "../../../providers/http";
import { APP_STATUS_CODE, appSpec } from "../../../../domain/resources/applicationManagement/applicationList/spec";

/** Enables or disables one application (isEnable) after confirmation; only holders of its button may. */
export function StatusSwitch({ row }: { row: BaseRecord }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const invalidate = useInvalidate();
  const may = usePermission(APP_STATUS_CODE);
  const [busy, setBusy] = useState(false);
  const on = Number(row.status) === 1;
  const name = String(row.appName ?? "");
  const toggle = (next: boolean) =>
    modal.confirm({
      title: t(next ? "applicationList.enableConfirm" : "applicationList.disableConfirm", { name }),
      okText: t("common.ok"),
      cancelText: t("buttons.cancel"),
      okButtonProps: { danger: !next },
      onOk: async () => {
        setBusy(true);
        try {
          await http.post(`${appSpec.api}/isEnable`, undefined, { params: { id: String(row.id), status: next ? 1 : 0 } });
          message.success(t("messages.updated"));
          await invalidate({ resource: appSpec.name, invalidates: ["list"] });
        } catch {
          // Refused: the request layer shows the server's reason; the switch keeps the stored state.
        } finally {
          setBusy(false);
        }
      },
    });
  return (
    <Switch
      checked={on}
      loading={busy}
      disabled={!may}
      aria-label={`${name} ${t("applicationList.fields.status")}`}
      checkedChildren={t("applicationList.enabled")}
      unCheckedChildren={t("applicationList.disabled")}
      onChange={toggle}
    />
  );
}
