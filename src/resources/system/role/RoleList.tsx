import { ClusterOutlined, SafetyCertificateOutlined, TeamOutlined } from "@ant-design/icons";
import { CanAccess, type BaseRecord } from "@refinedev/core";
import { Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ADMINISTRATOR_ALIAS } from "../../../../domain/contract";
import { PageTabs } from "../../../components/PageTabs";
import { ResourceList } from "../../../components/resource/ResourceList";
import { usePermission } from "../../../providers/access-control";
import { CategoryAside } from "./CategoryAside";
import { GrantDialog } from "./GrantDialog";
import { RoleGroupDrawer } from "./RoleGroupDrawer";
import { RolePolicyTable } from "./RolePolicyTable";
import { RoleUsersDrawer } from "./RoleUsersDrawer";
import { ApiTreeSelect, useFreshTree } from "./TreeSelects";
import { roleCategorySpec, roleSpec } from "../../../../domain/resources/system/role/spec";
import { useReturnFocus } from "../../../components/resource/list/return-focus";

type RoleRow = BaseRecord & { id: string; roleName: string; roleAlias: string };

/** The platform's administrator role holds everything by definition: it is neither edited, deleted nor granted. */
const isAdministrator = (row: BaseRecord) => row.roleAlias === ADMINISTRATOR_ALIAS;

/**
 * System → Roles: the role tree (search by name and alias), filtered by the category chosen
 * beside it; create and edit with parent and category; delete after confirmation; per role the
 * grant dialog (权限设置), its users and its role groups (角色组, bound to applications). A second view shows the roles' grants in summary.
 */
export default function RoleList() {
  const { t } = useTranslation();
  const [view, setView] = useState<"list" | "policy">("list");
  const [categoryId, setCategoryId] = useState<string>();
  const [granting, setGranting] = useState<RoleRow>();
  // The dialog unmounts as it closes: the focus goes back to the row's 权限设置 by hand.
  const rememberGrantOpener = useReturnFocus(granting !== undefined);
  const [users, setUsers] = useState<RoleRow>();
  const [groups, setGroups] = useState<RoleRow>();
  const canGroup = usePermission("role_group");
  const categories = useFreshTree(`${roleCategorySpec.api}/tree`);

  const aside = <CategoryAside {...categories} selected={categoryId} onSelect={setCategoryId} />;
  const controls = {
    parentId: <ApiTreeSelect url={`${roleSpec.api}/tree`} rootLabel={t("role.topLevel")} />,
    categoryId: <ApiTreeSelect url={`${roleCategorySpec.api}/tree`} rootLabel={t("role.noCategory")} />,
  };
  const rowActions = (row: BaseRecord) => {
    const role = row as RoleRow;
    return (
      <>
        {!isAdministrator(role) && (
          <CanAccess resource="role" action="grant">
            <Button type="link" size="small" icon={<SafetyCertificateOutlined />} onClick={() => {
                rememberGrantOpener();
                setGranting(role);
              }}>
              {t("role.grant")}
            </Button>
          </CanAccess>
        )}
        <Button type="link" size="small" icon={<TeamOutlined />} onClick={() => setUsers(role)}>
          {t("role.users")}
        </Button>
        {canGroup && (
          <Button type="link" size="small" icon={<ClusterOutlined />} onClick={() => setGroups(role)}>
            {t("role.group.action")}
          </Button>
        )}
      </>
    );
  };

  return (
    <>
      {/* The two views as the page's tabs, in the one tab style of every page. */}
      <PageTabs
        activeKey={view}
        onChange={(v) => setView(v as "list" | "policy")}
        destroyOnHidden
        items={[
          {
            key: "list",
            label: t("role.views.list"),
            children: (
              <ResourceList
                spec={roleSpec}
                aside={aside}
                paged={false}
                filters={categoryId ? [{ field: "categoryId", operator: "eq", value: categoryId }] : []}
                formControls={controls}
                locked={isAdministrator}
                rowActions={rowActions}
                actionsWidth={420}
              />
            ),
          },
          { key: "policy", label: t("role.views.policy"), children: <RolePolicyTable categoryId={categoryId} /> },
        ]}
      />
      {granting && <GrantDialog role={granting} onClose={() => setGranting(undefined)} />}
      {users && <RoleUsersDrawer role={users} onClose={() => setUsers(undefined)} />}
      {groups && <RoleGroupDrawer role={groups} onClose={() => setGroups(undefined)} />}
    </>
  );
}
