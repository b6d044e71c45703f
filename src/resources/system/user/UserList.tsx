import { Card } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { UserVO } from "../../../contract";
import { FilterTree } from "../../../components/FilterTree";
import { ResourceList } from "../../../components/resource/ResourceList";
import { useApiTree } from "../../../components/useApiTree";
import { ResetPasswordButton } from "./ResetPasswordButton";
import { UserForm } from "./UserForm";
import { userSpec } from "./spec";
import { fromServer } from "./user-form-values";

/** System → Users: a department tree filtering the kit's list (the department and all below it). */
export default function UserList() {
  const { t } = useTranslation();
  const depts = useApiTree("/blade-system/dept/tree");
  const [deptId, setDeptId] = useState<string>();
  const aside = (
    <Card size="small" title={t("user.deptTree")}>
      <FilterTree tree={depts.tree} loading={depts.loading} selected={deptId} onSelect={setDeptId} allLabel={t("user.deptAll")} />
    </Card>
  );
  return (
    <ResourceList
      spec={userSpec}
      aside={aside}
      filters={deptId ? [{ field: "deptId", operator: "eq", value: deptId }] : []}
      Form={UserForm}
      fromRecord={(row) => ({ ...fromServer(row as Partial<UserVO>) })}
      rowActions={(row) => <ResetPasswordButton id={String(row.id)} />}
    />
  );
}
