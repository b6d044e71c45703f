import type { BaseRecord } from "@refinedev/core";
import { Form, Select } from "antd";
import { useTranslation } from "react-i18next";
import { ResourceForm, type ResourceFormProps } from "../../../components/resource/ResourceForm";
import { ResourceList } from "../../../components/resource/ResourceList";
import { SecretInput } from "../../../components/resource/SecretInput";
import { DATASOURCE_DRIVERS, datasourceSpec } from "../../../../domain/resources/system/datasource/spec";
import { FormTestButton, RowTestButton } from "./TestConnection";
import "./i18n";

/** The password of the form: "已设置" when the record has one; empty keeps it. */
function PasswordInput(props: { id?: string; value?: string; onChange?: (v: string) => void }) {
  const form = Form.useFormInstance();
  const isSet = Form.useWatch("passwordSet", { form, preserve: true }) as boolean | undefined;
  return <SecretInput {...props} isSet={!!isSet} maxLength={255} />;
}

function DriverSelect(props: { id?: string; value?: string; onChange?: (v: string) => void }) {
  const { t } = useTranslation();
  return <Select {...props} options={DATASOURCE_DRIVERS.map((d) => ({ value: d, label: t(`datasource.driverPostgresql`) }))} />;
}

/** The kit's form with 测试连接 under the fields. */
function DatasourceForm(props: ResourceFormProps) {
  return <ResourceForm {...props} extraItems={<FormTestButton />} />;
}

/** 数据源: PostgreSQL databases tenants may be placed on; the password write-only, 测试连接 per row and in the form. */
export default function DatasourceList() {
  return (
    <ResourceList
      spec={datasourceSpec}
      form={{ Form: DatasourceForm, controls: { password: <PasswordInput />, driverClass: <DriverSelect /> } }}
      rowActions={(row: BaseRecord) => <RowTestButton row={row} />}
      actionsWidth={240}
    />
  );
}
