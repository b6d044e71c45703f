import { useInvalidate, type BaseRecord } from "@refinedev/core";
import { App, Switch } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePermission } from "../../../providers/access-control";
import { http } from "../../../providers/http";
import { DIRECTORY_STATUS_CODE, appDirectorySpec } from "../../../../domain/resources/applicationManagement/resourceDirectory/spec";

/** Starts or stops one directory (startOrStop) after a confirmation saying what the resource centre loses. */
export function DirectoryStatus({ row }: { row: BaseRecord }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const invalidate = useInvalidate();
  const may = usePermission(DIRECTORY_STATUS_CODE);
  const [busy, setBusy] = useState(false);
  const name = String(row.directoryName ?? "");
  const toggle = (next: boolean) =>
    modal.confirm({
      title: t(next ? "resourceDirectory.startConfirm" : "resourceDirectory.stopConfirm", { name }),
      okText: t("common.ok"),
      cancelText: t("buttons.cancel"),
      okButtonProps: { danger: !next },
      onOk: async () => {
        setBusy(true);
        try {
          await http.post(`${appDirectorySpec.api}/startOrStop`, undefined, { params: { id: String(row.id), status: next ? 1 : 0 } });
          message.success(t("messages.updated"));
          await invalidate({ resource: appDirectorySpec.name, invalidates: ["list"] });
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
      disabled={!may}
      aria-label={`${name} ${t("resourceDirectory.fields.status")}`}
      checkedChildren={t("resourceDirectory.started")}
      unCheckedChildren={t("resourceDirectory.stopped")}
      onChange={toggle}
    />
  );
}
