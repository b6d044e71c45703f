import { DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { CanAccess, useCustomMutation, type BaseRecord, type HttpError } from "@refinedev/core";
import { App, Button, Card, Space } from "antd";
import { useTranslation } from "react-i18next";
import type { TreeNode } from "../../../../domain/contract";
import { FilterTree } from "../../../components/FilterTree";
import { ResourceForm } from "../../../components/resource/ResourceForm";
import { useGuardedModalForm } from "../../../components/resource/useGuardedModalForm";
import { roleCategorySpec } from "../../../../domain/resources/system/role/spec";
import { ApiTreeSelect } from "./TreeSelects";

const TREE_URL = `${roleCategorySpec.api}/tree`;
// Categories are written with the role page's buttons, so they go through the role resource
// (its access codes and refreshes) with the category API.
const META = { api: roleCategorySpec.api, listMode: "list" as const };

interface Props {
  tree: TreeNode[];
  loading: boolean;
  selected?: string;
  onSelect: (id: string | undefined) => void;
  refetch: () => unknown;
}

/** 角色分类 beside the role list: choosing one filters the roles; add, edit and delete categories. */
export function CategoryAside({ tree, loading, selected, onSelect, refetch }: Props) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const options = { resource: "role", meta: META, warnWhenUnsavedChanges: true, redirect: false as const, onMutationSuccess: () => void refetch() };
  const create = useGuardedModalForm<BaseRecord, HttpError, Record<string, unknown>>({ ...options, action: "create" });
  const edit = useGuardedModalForm<BaseRecord, HttpError, Record<string, unknown>>({ ...options, action: "edit" });
  const { mutateAsync } = useCustomMutation();
  const parent = { parentId: <ApiTreeSelect url={TREE_URL} rootLabel={t("role.topLevel")} /> };

  const remove = (id: string) =>
    modal.confirm({
      title: t("messages.confirmDelete"),
      okText: t("common.ok"),
      cancelText: t("buttons.cancel"),
      okButtonProps: { danger: true },
      onOk: async () => {
        await mutateAsync({ url: `${roleCategorySpec.api}/remove?ids=${encodeURIComponent(id)}`, method: "post", values: {}, successNotification: false });
        message.success(t("messages.deleted"));
        onSelect(undefined);
        await refetch();
      },
    });

  return (
    <>
      <Card
        size="small"
        title={t("role.categories")}
        extra={
          <CanAccess resource="role" action="create">
            <Button size="small" type="text" icon={<PlusOutlined />} aria-label={`${t("buttons.create")} ${t("role.categories")}`} onClick={() => create.show()} />
          </CanAccess>
        }
      >
        <FilterTree tree={tree} loading={loading} selected={selected} onSelect={onSelect} allLabel={t("role.categoryAll")} />
        {selected && (
          <Space style={{ marginTop: 8 }}>
            <CanAccess resource="role" action="edit">
              <Button size="small" icon={<EditOutlined />} onClick={() => edit.show(selected)}>
                {t("buttons.edit")}
              </Button>
            </CanAccess>
            <CanAccess resource="role" action="delete">
              <Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(selected)}>
                {t("buttons.delete")}
              </Button>
            </CanAccess>
          </Space>
        )}
      </Card>
      {create.open && <ResourceForm spec={roleCategorySpec} mode="create" form={create.form} formProps={create.formProps} modalProps={create.modalProps} controls={parent} width={560} />}
      {edit.open && <ResourceForm spec={roleCategorySpec} mode="edit" form={edit.form} formProps={edit.formProps} modalProps={edit.modalProps} controls={parent} width={560} />}
    </>
  );
}
