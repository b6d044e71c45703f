import { FolderOpenOutlined, UsergroupAddOutlined } from "@ant-design/icons";
import type { BaseRecord } from "@refinedev/core";
import { App, Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ResourceList } from "../../../components/resource/ResourceList";
import { usePermission } from "../../../providers/access-control";
import { AddUserDialog } from "./AddUserDialog";
import { AssignDirectoryDialog } from "./AssignDirectoryDialog";
import { AppSelect } from "./AppSelect";
import { APP_ROLE_USER_CODE, appRoleSpec } from "../../../../domain/resources/applicationManagement/rolesManagement/spec";
import { APP_ROLE_DIRECTORY_CODE } from "../../../../domain/resources/applicationManagement/resourceDirectory/spec";
import "./i18n";

/**
 * Applications → 应用角色: the kit's list of application roles with an application select over
 * it, one form for create and edit (the application chosen once, on create), 分配用户 and 分配目录.
 */
export default function RolesList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [appId, setAppId] = useState<string>();
  const [assigning, setAssigning] = useState<{ id: string; roleName: string }>();
  const [directing, setDirecting] = useState<{ id: string; roleName: string }>();
  const mayAssign = usePermission(APP_ROLE_USER_CODE);
  const mayDirect = usePermission(APP_ROLE_DIRECTORY_CODE);
  return (
    <>
      <ResourceList
        spec={appRoleSpec}
        filters={appId ? [{ field: "appId", operator: "eq", value: appId }] : []}
        toolbar={<AppSelect filter value={appId} onChange={setAppId} />}
        // With an application chosen above, a new role belongs to it; otherwise the form asks.
        form={{ controls: { appId: <AppSelect /> }, hidden: appId ? ["appId"] : undefined, extra: appId ? { appId } : undefined }}
        confirmDelete={t("rolesManagement.deleteConfirm")}
        actionsWidth={320}
        extraColumns={[{ key: "appName", title: t("rolesManagement.appName"), dataIndex: "appName" }]}
        rowActions={(row: BaseRecord) => (
          <>
            {mayAssign && (
              <Button size="small" type="link" icon={<UsergroupAddOutlined />} onClick={() => setAssigning({ id: String(row.id), roleName: String(row.roleName ?? "") })}>
                {t("rolesManagement.addUser")}
              </Button>
            )}
            {mayDirect && (
              <Button size="small" type="link" icon={<FolderOpenOutlined />} onClick={() => setDirecting({ id: String(row.id), roleName: String(row.roleName ?? "") })}>
                {t("rolesManagement.assignDirectory")}
              </Button>
            )}
          </>
        )}
      />
      {assigning && (
        <AddUserDialog
          role={assigning}
          onClose={(done) => {
            setAssigning(undefined);
            if (done) message.success(t("rolesManagement.addUserDone"));
          }}
        />
      )}
      {directing && (
        <AssignDirectoryDialog
          role={directing}
          onClose={(done) => {
            setDirecting(undefined);
            if (done) message.success(t("rolesManagement.assignDirectoryDone"));
          }}
        />
      )}
    </>
  );
}
