import { SyncOutlined } from "@ant-design/icons";
import { CanAccess, useCustomMutation, useInvalidate } from "@refinedev/core";
import { App, Button } from "antd";
import { useTranslation } from "react-i18next";
import { deptSpec } from "../../../../domain/resources/system/dept/spec";
import "./i18n";

interface SyncReport {
  total: number;
  repaired: number;
  detached: number;
}

/** syncDept after confirmation: every department's path re-derived from its parent. */
export function SyncButton() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const invalidate = useInvalidate();
  const { mutateAsync } = useCustomMutation<SyncReport>();
  const confirm = () =>
    modal.confirm({
      title: t("dept.syncConfirm"),
      okText: t("common.ok"),
      cancelText: t("buttons.cancel"),
      onOk: async () => {
        const { data } = await mutateAsync({ url: `${deptSpec.api}/syncDept`, method: "post", values: {}, successNotification: false });
        void message.success(t("dept.syncDone", { total: data.total, repaired: data.repaired }));
        await invalidate({ resource: deptSpec.name, invalidates: ["list"] });
      },
    });
  return (
    <CanAccess resource={deptSpec.name} action="sync">
      <Button icon={<SyncOutlined />} onClick={confirm}>
        {t("dept.sync")}
      </Button>
    </CanAccess>
  );
}
