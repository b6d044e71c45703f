import { Drawer } from "antd";
import type { BaseRecord } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { ResourceList } from "../../../components/resource/ResourceList";
import type { ResourceSpec } from "../../../../domain/validation";
import { ApiScopeForm, DataScopeForm } from "./ScopeForm";
import { apiScopeSpec, dataScopeSpec } from "../../../../domain/resources/system/menu/spec";

export type ScopeKind = "data" | "api";

const KINDS = {
  data: { spec: dataScopeSpec, Form: DataScopeForm },
  api: { spec: apiScopeSpec, Form: ApiScopeForm },
} satisfies Record<ScopeKind, { spec: ResourceSpec; Form: unknown }>;

/**
 * The data scopes or API scopes of one menu (row actions 数据权限 / 接口权限 of the menu list):
 * the kit's list, filtered to the menu and creating under it, in a drawer over the menu page.
 */
export function ScopeDrawer({ kind, menu, onClose }: { kind: ScopeKind; menu: BaseRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const { spec, Form } = KINDS[kind];
  const menuId = String(menu.id);
  return (
    <Drawer open width="min(1100px, 92vw)" title={t("menu.scopesOf", { title: t(`${spec.name}.title`), name: menu.name })} onClose={onClose} destroyOnHidden>
      <ResourceList
        spec={spec}
        // The API path too: the list works whether or not the page registered this resource;
        // BladeX pages these from `list` (it has no `page` call).
        meta={{ api: spec.api, endpoints: { list: "list" }, params: { menuId } }}
        syncWithLocation={false}
        form={{ Form, hidden: ["menuId"], extra: { menuId } }}
      />
    </Drawer>
  );
}
