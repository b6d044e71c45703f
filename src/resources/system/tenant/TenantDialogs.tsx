import type { BaseRecord } from "@refinedev/core";
import { Alert, Form, Input, Modal, Select } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DateTimeInput } from "./DateTimeInput";
import { QuotaInput } from "./QuotaInput";
import { usePackageOptions } from "./usePackages";
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

/** The server's id (a positive bigint), which it checks datasourceId against. */
const MAX_ID = 9_223_372_036_854_775_807n;
const isDatasourceId = (value: string) => /^[1-9]\d{0,18}$/.test(value) && BigInt(value) <= MAX_ID;

/**
 * 数据源: the id of the datasource the tenant's data lives in, or none (the platform's). The server
 * offers no list of datasources, so the id is typed, and checked as the server checks it.
 */
function DatasourceDialog({ row, calls, onClose }: { row: BaseRecord; calls: TenantCalls; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ datasourceId: string }>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    let datasourceId: string | undefined;
    try {
      ({ datasourceId } = await form.validateFields());
    } catch {
      return; // the field says what is wrong
    }
    setSaving(true);
    try {
      await calls.datasource(String(row.tenantId), (datasourceId ?? "").trim());
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={t("tenant.datasourceTitle", { name: row.tenantName })} onOk={save} onCancel={onClose} confirmLoading={saving} okText={t("buttons.save")} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ datasourceId: row.datasourceId ?? "" }}>
        <Form.Item
          name="datasourceId"
          label={t("tenant.datasourceId")}
          extra={t("tenant.datasourceHint")}
          rules={[{ validator: async (_, v: unknown) => (String(v ?? "").trim() === "" || isDatasourceId(String(v).trim()) ? undefined : Promise.reject(new Error(t("tenant.datasourceInvalid")))) }]}
        >
          <Input maxLength={19} inputMode="numeric" autoComplete="off" />
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
