import { Select } from "antd";
import { useTranslation } from "react-i18next";
import { useAppsWithRoles } from "./useApps";

interface Props {
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  disabled?: boolean;
  /** The list's filter: clearable, meaning every application. */
  filter?: boolean;
}

/** One of the tenant's applications, searchable by name. */
export function AppSelect({ filter, ...control }: Props) {
  const { t } = useTranslation();
  const { apps, loading } = useAppsWithRoles();
  return (
    <Select
      {...control}
      loading={loading}
      allowClear={filter}
      showSearch
      optionFilterProp="label"
      placeholder={t(filter ? "rolesManagement.allApps" : "rolesManagement.chooseApp")}
      aria-label={filter ? t("rolesManagement.appName") : undefined}
      style={{ minWidth: 200 }}
      options={apps.map((a) => ({ value: a.id, label: a.appName }))}
    />
  );
}
