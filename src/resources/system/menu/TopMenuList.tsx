import { SettingOutlined } from "@ant-design/icons";
import { CanAccess, type BaseRecord } from "@refinedev/core";
import { Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ResourceFormProps } from "../../../components/resource/ResourceForm";
import { ResourceList } from "../../../components/resource/ResourceList";
import { IconOf } from "./icons";
import { IconPicker } from "./IconPicker";
import { validateTopMenu } from "../../../../domain/resources/system/menu/menu-rules";
import { RuledForm } from "./RuledForm";
import { TopMenuGrant } from "./TopMenuGrant";
import { topMenuSpec } from "../../../../domain/resources/system/menu/spec";

function TopMenuForm(props: ResourceFormProps) {
  return <RuledForm {...props} validate={(values, lang) => validateTopMenu(values, lang)} controls={{ source: <IconPicker />, ...props.controls }} />;
}

/** 顶部菜单 (a tab of the menu page): the tenant's top menus, and the side menus each one shows. */
export function TopMenuList() {
  const { t } = useTranslation();
  const [granting, setGranting] = useState<BaseRecord>();
  return (
    <>
      <ResourceList
        spec={topMenuSpec}
        // BladeX pages top menus from `list` (it has no `page` call).
        meta={{ api: topMenuSpec.api, endpoints: { list: "list" } }}
        syncWithLocation={false}
        form={{ Form: TopMenuForm }}
        actionsWidth={260}
        extraColumns={[{ title: t("topmenu.fields.source"), dataIndex: "source", render: (v: string) => <IconOf name={v} /> }]}
        rowActions={(row) => (
          <CanAccess resource={topMenuSpec.name} action="grant">
            <Button type="link" size="small" icon={<SettingOutlined />} onClick={() => setGranting(row)}>
              {t("menu.topGrant")}
            </Button>
          </CanAccess>
        )}
      />
      {granting && <TopMenuGrant top={granting} onClose={() => setGranting(undefined)} />}
    </>
  );
}
