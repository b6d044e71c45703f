import type { BaseRecord } from "@refinedev/core";
import { App, Switch, Tag } from "antd";
import type { ColumnType } from "antd/es/table";
import dayjs from "dayjs";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ResourceList } from "../../../components/resource/ResourceList";
import { usePermission } from "../../../providers/access-control";
import { TENANT_BUTTON_CODES } from "./codes";
import { SecretDialog, ShowSecretContext, type TenantSecret } from "./SecretDialog";
import { PLATFORM_TENANT_ID, tenantSpec } from "../../../../domain/resources/system/tenant/spec";
import { TenantDialogs, type TenantDialog } from "./TenantDialogs";
import { TenantForm } from "./TenantForm";
import { TenantRowActions } from "./TenantRowActions";
import { useTenantCalls, type TenantCalls } from "./useTenantCalls";
import "./i18n";

/** 启用/停用 of a row, after confirmation; the platform's own tenant cannot be disabled. */
function StatusSwitch({ row, calls }: { row: BaseRecord; calls: TenantCalls }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const may = usePermission(TENANT_BUTTON_CODES.status);
  const enabled = Number(row.status) === 1;
  const toggle = () =>
    modal.confirm({
      title: t(enabled ? "tenant.disableConfirm" : "tenant.enableConfirm", { name: row.tenantName }),
      okText: t("common.ok"),
      cancelText: t("buttons.cancel"),
      okButtonProps: { danger: enabled },
      onOk: () => calls.setStatus(String(row.id), enabled ? 0 : 1),
    });
  return (
    <Switch
      size="small"
      checked={enabled}
      disabled={!may || row.tenantId === PLATFORM_TENANT_ID}
      checkedChildren={t("tenant.enable")}
      unCheckedChildren={t("tenant.disable")}
      aria-label={`${t("tenant.status")} ${String(row.tenantName)}`}
      onClick={toggle}
    />
  );
}

/** System → Tenants: the list with search, the create/edit form, status, authorisation, package and the administrator's password. */
export default function TenantList() {
  const { t } = useTranslation();
  const calls = useTenantCalls();
  const [secret, setSecret] = useState<TenantSecret | null>(null);
  const [dialog, setDialog] = useState<TenantDialog>(null);

  // A creation answers the new administrator's password once: show it, and drop the answer from
  // the mutation cache so that the password lives nowhere but in the dialog.
  const queryClient = useQueryClient();
  useEffect(() => {
    const cache = queryClient.getMutationCache();
    return cache.subscribe((event) => {
      if (event.type !== "updated" || event.action.type !== "success") return;
      const created = (event.action.data as { data?: Record<string, unknown> } | undefined)?.data;
      if (!created || typeof created.adminPassword !== "string") return;
      setSecret({ tenantId: String(created.tenantId), account: String(created.adminAccount), password: created.adminPassword });
      cache.remove(event.mutation);
    });
  }, [queryClient]);

  const extraColumns: ColumnType<BaseRecord>[] = [
    {
      title: t("tenant.fields.accountNumber"),
      dataIndex: "accountNumber",
      render: (v: unknown) => (Number(v) < 0 ? t("tenant.unlimited") : String(v)),
    },
    {
      title: t("tenant.fields.expireTime"),
      dataIndex: "expireTime",
      render: (v: unknown) =>
        !v ? t("tenant.neverExpires") : dayjs(String(v)).isBefore(dayjs()) ? <Tag color="red">{t("tenant.expiredAt", { time: String(v) })}</Tag> : String(v),
    },
    {
      title: t("tenant.packageName"),
      dataIndex: "packageName",
      render: (name: string, row) => (row.tenantId === PLATFORM_TENANT_ID ? <Tag color="gold">{t("tenant.platform")}</Tag> : name || t("tenant.noPackage")),
    },
    {
      title: t("tenant.status"),
      dataIndex: "status",
      render: (_: unknown, row) => <StatusSwitch row={row} calls={calls} />,
    },
  ];

  return (
    <ShowSecretContext.Provider value={setSecret}>
      <ResourceList
        spec={tenantSpec}
        form={{ Form: TenantForm }}
        extraColumns={extraColumns}
        actionsWidth={220}
        rowActions={(row) => <TenantRowActions row={row} calls={calls} open={setDialog} />}
      />
      <TenantDialogs dialog={dialog} calls={calls} onClose={() => setDialog(null)} />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </ShowSecretContext.Provider>
  );
}
