import { Select } from "antd";
import { useTranslation } from "react-i18next";
import { ResourceForm, type ResourceFormProps } from "../../../components/resource/ResourceForm";
import { DateTimeInput } from "./DateTimeInput";
import { QuotaInput } from "./QuotaInput";
import { usePackageOptions } from "./usePackages";

function PackageSelect(props: { id?: string; value?: string; onChange?: (v: string) => void }) {
  const { t } = useTranslation();
  const { options, loading } = usePackageOptions();
  return <Select {...props} value={props.value || undefined} options={options} loading={loading} allowClear placeholder={t("tenant.noPackage")} />;
}

/**
 * The kit's form with 不限 for an unlimited quota (Blade's -1), a date picker for the expiry (empty:
 * 永不过期) and the package select ("" = no package, every
 * menu). A creation's answer carries the administrator's password: the page shows it (TenantList).
 */
export function TenantForm(props: ResourceFormProps) {
  const { t } = useTranslation();
  const onFinish = (values: Record<string, unknown>) => props.formProps.onFinish?.({ ...values, packageId: values.packageId ?? "" });
  return (
    <ResourceForm
      {...props}
      formProps={{ ...props.formProps, onFinish }}
      controls={{ ...props.controls, accountNumber: <QuotaInput />, expireTime: <DateTimeInput placeholder={t("tenant.neverExpires")} />, packageId: <PackageSelect /> }}
    />
  );
}
