import type { BaseRecord } from "@refinedev/core";
import { Alert, Form, Modal, Select } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DateTimeInput } from "./DateTimeInput";
import { QuotaInput } from "./QuotaInput";
import { useDatasourceOptions, usePackageOptions } from "./usePackages";
import type { TenantCalls } from "./useTenantCalls";

export type TenantDialog = { kind: "setting" | "package" | "datasource"; row: BaseRecord } | null;

interface Props {
  dialog: TenantDialog;
  calls: TenantCalls;
  onClose: () => void;
}

/** 授权配置: the account quota (不限, stored as -1) and the expiry (empty: 永不过期) of one tenant. */
function SettingDialog({ row, calls, onClose }: { row: BaseRecord; calls: TenantCalls; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ accountNumber: number; expireTime: string }>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await calls.setting(String(row.id), values.accountNumber, values.expireTime ?? "");
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={t("tenant.settingTitle", { name: row.tenantName })} onOk={save} onCancel={onClose} confirmLoading={saving} okText={t("buttons.save")} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ accountNumber: row.accountNumber ?? -1, expireTime: row.expireTime || "" }}>
        <Form.Item name="accountNumber" label={t("tenant.fields.accountNumber")} extra={t("tenant.accountNumberHint")} rules={[{ required: true, message: t("kit.enter", { label: t("tenant.fields.accountNumber") }) }]}>
          <QuotaInput />
        </Form.Item>
        <Form.Item name="expireTime" label={t("tenant.fields.expireTime")} extra={t("tenant.expireHint")}>
          <DateTimeInput placeholder={t("tenant.neverExpires")} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 套餐设置: the package of one tenant, or none (every menu). */
function PackageDialog({ row, calls, onClose }: { row: BaseRecord; calls: TenantCalls; onClose: () => void }) {
  const { t } = useTranslation();
  const { options, loading } = usePackageOptions();
  const [packageId, setPackageId] = useState<string | undefined>(row.packageId || undefined);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await calls.packageSetting(String(row.tenantId), packageId ?? "");
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={t("tenant.packageSettingTitle", { name: row.tenantName })} onOk={save} onCancel={onClose} confirmLoading={saving} okText={t("buttons.save")} destroyOnHidden>
      <Alert type="info" showIcon message={t("tenant.packageHint")} style={{ marginBottom: 16 }} />
      <Form layout="vertical">
        <Form.Item label={t("tenant.fields.packageId")} htmlFor="tenant-package-select">
          <Select id="tenant-package-select" value={packageId} onChange={setPackageId} options={options} loading={loading} allowClear placeholder={t("tenant.noPackage")} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 数据源: the datasource the tenant's data lives in, chosen by name from the platform's
 * datasources (数据源 page), or none (the platform's own database).
 */
function DatasourceDialog({ row, calls, onClose }: { row: BaseRecord; calls: TenantCalls; onClose: () => void }) {
  const { t } = useTranslation();
  const { options, loading } = useDatasourceOptions();
  const [datasourceId, setDatasourceId] = useState<string | undefined>(row.datasourceId || undefined);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await calls.datasource(String(row.tenantId), datasourceId ?? "");
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={t("tenant.datasourceTitle", { name: row.tenantName })} onOk={save} onCancel={onClose} confirmLoading={saving} okText={t("buttons.save")} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label={t("tenant.datasourceId")} htmlFor="tenant-datasource-select" extra={t("tenant.datasourceHint")}>
          <Select
            id="tenant-datasource-select"
            value={datasourceId}
            onChange={setDatasourceId}
            options={options}
            loading={loading}
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t("tenant.datasourceNone")}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function TenantDialogs({ dialog, calls, onClose }: Props) {
  if (!dialog) return null;
  if (dialog.kind === "setting") return <SettingDialog row={dialog.row} calls={calls} onClose={onClose} />;
  if (dialog.kind === "datasource") return <DatasourceDialog row={dialog.row} calls={calls} onClose={onClose} />;
  return <PackageDialog row={dialog.row} calls={calls} onClose={onClose} />;
}
