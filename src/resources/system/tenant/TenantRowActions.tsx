import { DownOutlined } from "@ant-design/icons";
import type { BaseRecord } from "@refinedev/core";
import { App, Button, Dropdown, type MenuProps } from "antd";
import { useTranslation } from "react-i18next";
import { usePermission } from "../../../providers/access-control";
import { TENANT_BUTTON_CODES as B } from "./codes";
import { useShowSecret } from "./SecretDialog";
import type { TenantDialog } from "./TenantDialogs";
import type { TenantCalls } from "./useTenantCalls";
import { PLATFORM_TENANT_ID } from "../../../../domain/resources/system/tenant/spec";

/** 更多 of a row: authorisation, package, datasource and the administrator's password, each for holders of its code. */
export function TenantRowActions({ row, calls, open }: { row: BaseRecord; calls: TenantCalls; open: (d: TenantDialog) => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const showSecret = useShowSecret();
  const may = {
    setting: usePermission(B.setting),
    packageSetting: usePermission(B.packageSetting),
    datasource: usePermission(B.datasource),
    reset: usePermission(B.reset),
  };
  // The platform's own tenant is never limited: no authorisation or package to set.
  const limited = row.tenantId !== PLATFORM_TENANT_ID;
  const reset = () =>
    modal.confirm({
      title: t("tenant.resetConfirm", { name: row.tenantName }),
      okText: t("common.ok"),
      cancelText: t("buttons.cancel"),
      okButtonProps: { danger: true },
      onOk: async () => showSecret(await calls.resetPassword(String(row.id), String(row.tenantId))),
    });
  const items = [
    may.setting && limited && { key: "setting", label: t("tenant.setting"), onClick: () => open({ kind: "setting", row }) },
    may.packageSetting && limited && { key: "package", label: t("tenant.packageSetting"), onClick: () => open({ kind: "package", row }) },
    may.datasource && { key: "datasource", label: t("tenant.datasource"), onClick: () => open({ kind: "datasource", row }) },
    may.reset && { key: "reset", label: t("tenant.reset"), danger: true, onClick: reset },
  ].filter(Boolean) as MenuProps["items"];
  if (!items?.length) return null;
  return (
    <Dropdown menu={{ items }} trigger={["click"]}>
      <Button type="link" size="small" aria-label={`${t("tenant.more")} ${String(row.tenantName)}`}>
        {t("tenant.more")} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
