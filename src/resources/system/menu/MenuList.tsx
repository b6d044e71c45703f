import { ApiOutlined, DatabaseOutlined, PlusOutlined } from "@ant-design/icons";
import { CanAccess, type BaseRecord, type HttpError } from "@refinedev/core";
import { Button, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageTabs } from "../../../components/PageTabs";
import { ResourceList } from "../../../components/resource/ResourceList";
import { useGuardedModalForm } from "../../../components/resource/useGuardedModalForm";
import { usePermission } from "../../../providers/access-control";
import { useMenuName } from "../../../layout/menu-name";
import { IconOf } from "./icons";
import { MenuForm } from "./MenuForm";
import { ScopeDrawer, type ScopeKind } from "./ScopeDrawer";
import { TopMenuList } from "./TopMenuList";
import { useOwnMenusFollow } from "./useOwnMenusFollow";
import { CATEGORY_MENU, IS_DEFAULT_YES, apiScopeSpec, dataScopeSpec, menuSpec, topMenuSpec } from "../../../../domain/resources/system/menu/spec";
import "./i18n";

// One level at a time (lazy-list?parentId=0, then each row's children when it opens); a search
// looks at every level, as Saber's does by sending no parentId.
const LIST_META = { endpoints: { list: "lazy-list" }, params: { parentId: "0" } };
const SEARCH_META = { params: {} };

/**
 * 菜单管理 (§2 /system/menu): the menus and their buttons as a lazily loaded tree, every client's
 * (a 系统类型 column and filter) with the 默认首页 tagged beside its name; per menu, a child
 * (新增子项) and its data scopes and API scopes (drawers); the top menus in a tab of their own,
 * since §2 gives them no page.
 */
export default function MenuList() {
  const { t } = useTranslation();
  const [scopes, setScopes] = useState<{ kind: ScopeKind; menu: BaseRecord }>();
  const [parent, setParent] = useState<BaseRecord>();
  const child = useGuardedModalForm<BaseRecord, HttpError, Record<string, unknown>>({ resource: menuSpec.name, action: "create", warnWhenUnsavedChanges: true, redirect: false });
  const showTopMenus = usePermission(topMenuSpec.menuCode);
  const nameOf = useMenuName();
  useOwnMenusFollow(menuSpec.name);

  const addChild = (row: BaseRecord) => {
    setParent(row);
    child.show();
  };
  const isMenu = (row: BaseRecord) => Number(row.category) === CATEGORY_MENU;

  const menus = (
    <ResourceList
      spec={menuSpec}
      tree="lazy"
      paged={false}
      meta={LIST_META}
      searchMeta={SEARCH_META}
      form={{ Form: MenuForm }}
      actionsWidth={420}
      // The server names its menus and buttons in zh: the platform's own follow the language.
      cells={{
        name: (_v, row) => (
          <>
            {nameOf({ code: row.code as string, alias: row.alias as string, name: row.name as string })}
            {Number(row.isDefault) === IS_DEFAULT_YES && (
              <Tag color="gold" style={{ marginInlineStart: 8 }}>
                {t("menu.defaultTag")}
              </Tag>
            )}
          </>
        ),
      }}
      extraColumns={[{ title: t("menu.fields.source"), dataIndex: "source", render: (v: string) => <IconOf name={v} /> }]}
      rowActions={(row) =>
        isMenu(row) && (
          <>
            <CanAccess resource={menuSpec.name} action="create">
              <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => addChild(row)}>
                {t("menu.addChild")}
              </Button>
            </CanAccess>
            <CanAccess resource={dataScopeSpec.name} action="list">
              <Button type="link" size="small" icon={<DatabaseOutlined />} onClick={() => setScopes({ kind: "data", menu: row })}>
                {t("menu.dataScope")}
              </Button>
            </CanAccess>
            <CanAccess resource={apiScopeSpec.name} action="list">
              <Button type="link" size="small" icon={<ApiOutlined />} onClick={() => setScopes({ kind: "api", menu: row })}>
                {t("menu.apiScope")}
              </Button>
            </CanAccess>
          </>
        )
      }
    />
  );

  return (
    <>
      {showTopMenus ? (
        <PageTabs
          items={[
            { key: "menus", label: t("menu.tabs.menus"), children: menus },
            { key: "top", label: t("menu.tabs.topMenus"), children: <TopMenuList /> },
          ]}
          destroyOnHidden
        />
      ) : (
        menus
      )}
      {child.open && parent && (
        <MenuForm
          spec={menuSpec}
          mode="create"
          form={child.form}
          formProps={child.formProps}
          modalProps={child.modalProps}
          title={t("menu.addChildTitle", { name: parent.name })}
          extra={{ parentId: String(parent.id) }}
        />
      )}
      {scopes && <ScopeDrawer kind={scopes.kind} menu={scopes.menu} onClose={() => setScopes(undefined)} />}
    </>
  );
}
