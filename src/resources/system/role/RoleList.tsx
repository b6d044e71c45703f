import { ClusterOutlined, SafetyCertificateOutlined, TeamOutlined } from "@ant-design/icons";
import { CanAccess, type BaseRecord } from "@refinedev/core";
import { Button } from "antd";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ADMINISTRATOR_ALIAS } from "../../../../domain/contract";
import { roleCategorySpec, roleSpec } from "../../../../domain/resources/system/role/spec";
import { PageTabs } from "../../../components/PageTabs";
import { ListActions, ListFrame, ListSearch, ResourceTable } from "../../../components/resource/list/parts";
import { useReturnFocus } from "../../../components/resource/list/return-focus";
import { useResourceList } from "../../../components/resource/list/useResourceList";
import { usePermission } from "../../../providers/access-control";
import { CategoryAside } from "./CategoryAside";
import { GrantDialog } from "./GrantDialog";
import { RoleGroupDrawer } from "./RoleGroupDrawer";
import { RolePolicyTable } from "./RolePolicyTable";
import { RoleUsersDrawer } from "./RoleUsersDrawer";
import { ApiTreeSelect, useFreshTree } from "./TreeSelects";
import "./i18n";

type RoleRow = BaseRecord & { id: string; roleName: string; roleAlias: string };
type RoleAction = "grant" | "users" | "groups";

/** The platform's administrator role holds everything by definition: it is neither edited, deleted nor granted. */
const isAdministrator = (row: BaseRecord) => row.roleAlias === ADMINISTRATOR_ALIAS;

/**
 * The role tree (search by name and alias) of the category chosen beside it, from the kit's parts:
 * create and edit with parent and category, delete after confirmation, and per role its grant
 * (权限设置), its users and its role groups (角色组, bound to applications).
 */
function RoleTree({ aside, categoryId, act }: { aside: ReactNode; categoryId?: string; act: (action: RoleAction, role: RoleRow) => void }) {
  const { t } = useTranslation();
  const canGroup = usePermission("role_group");
  const list = useResourceList(roleSpec, {
    paged: false,
    filters: categoryId ? [{ field: "categoryId", operator: "eq", value: categoryId }] : [],
    locked: isAdministrator,
    form: {
      controls: {
        parentId: <ApiTreeSelect url={`${roleSpec.api}/tree`} rootLabel={t("role.topLevel")} />,
        categoryId: <ApiTreeSelect url={`${roleCategorySpec.api}/tree`} rootLabel={t("role.noCategory")} />,
      },
    },
  });
  const roleActions = (row: BaseRecord) => {
    const role = row as RoleRow;
    return (
      <>
        {!isAdministrator(role) && (
          <CanAccess resource="role" action="grant">
            <Button type="link" size="small" icon={<SafetyCertificateOutlined />} onClick={() => act("grant", role)}>
              {t("role.grant")}
            </Button>
          </CanAccess>
        )}
        <Button type="link" size="small" icon={<TeamOutlined />} onClick={() => act("users", role)}>
          {t("role.users")}
        </Button>
        {canGroup && (
          <Button type="link" size="small" icon={<ClusterOutlined />} onClick={() => act("groups", role)}>
            {t("role.group.action")}
          </Button>
        )}
      </>
    );
  };
  return (
    <>
      <ListFrame list={list} aside={aside}>
        <ListSearch list={list} />
        <ListActions list={list} />
        <ResourceTable list={list} columns={[...list.columns, list.actionsColumn({ width: 420, extra: roleActions })]} />
      </ListFrame>
      {list.forms.forms}
    </>
  );
}

/**
 * System → Roles: the role tree filtered by the category beside it, and a second view with the
 * roles' grants in summary; the grant dialog, the users and the role groups of a role.
 */
export default function RoleList() {
  const { t } = useTranslation();
  const [view, setView] = useState<"list" | "policy">("list");
  const [categoryId, setCategoryId] = useState<string>();
  const [open, setOpen] = useState<{ action: RoleAction; role: RoleRow }>();
  // The grant dialog unmounts as it closes: the focus goes back to the row's 权限设置 by hand.
  const rememberGrantOpener = useReturnFocus(open?.action === "grant");
  const categories = useFreshTree(`${roleCategorySpec.api}/tree`);
  const aside = <CategoryAside {...categories} selected={categoryId} onSelect={setCategoryId} />;
  const act = (action: RoleAction, role: RoleRow) => {
    if (action === "grant") rememberGrantOpener();
    setOpen({ action, role });
  };
  const close = () => setOpen(undefined);

  return (
    <>
      {/* The two views as the page's tabs, in the one tab style of every page. */}
      <PageTabs
        activeKey={view}
        onChange={(v) => setView(v as "list" | "policy")}
        destroyOnHidden
        items={[
          { key: "list", label: t("role.views.list"), children: <RoleTree aside={aside} categoryId={categoryId} act={act} /> },
          { key: "policy", label: t("role.views.policy"), children: <RolePolicyTable categoryId={categoryId} /> },
        ]}
      />
      {open?.action === "grant" && <GrantDialog role={open.role} onClose={close} />}
      {open?.action === "users" && <RoleUsersDrawer role={open.role} onClose={close} />}
      {open?.action === "groups" && <RoleGroupDrawer role={open.role} onClose={close} />}
    </>
  );
}
