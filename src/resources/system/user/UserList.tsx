import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from "@ant-design/icons";
import { useDeleteMany, type HttpError } from "@refinedev/core";
import { useModalForm, useTable } from "@refinedev/antd";
import { App, Button, Card, Col, Form, Input, Row, Space, Table } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { UserVO } from "../../../contract";
import { website } from "../../../config/website";
import { selectAtLeastOne } from "../../../validation";
import { usePermission } from "../../../providers/access-control";
import { FilterTree } from "../../../components/FilterTree";
import { useApiTree } from "../../../components/useApiTree";
import { useDocumentTitle } from "../../../components/useDocumentTitle";
import { UserForm } from "./UserForm";
import { fromServer, type UserFormValues } from "./user-form-values";

interface Search {
  account?: string;
  realName?: string;
}

/** System → Users: a department tree filtering a paged, searchable list (§2, issue 2). */
export default function UserList() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  useDocumentTitle(t("user.title"));
  const canAdd = usePermission("user_add");
  const canEdit = usePermission("user_edit");
  const canDelete = usePermission("user_delete");
  const depts = useApiTree("/blade-system/dept/tree");
  const [deptId, setDeptId] = useState<string>();
  const [selected, setSelected] = useState<string[]>([]);

  const { tableProps, searchFormProps, setFilters, tableQuery } = useTable<UserVO, HttpError, Search>({
    resource: "user",
    syncWithLocation: true,
    pagination: { pageSize: website.defaultPageSize },
    onSearch: (v) => [
      { field: "account", operator: "contains", value: v.account?.trim() || undefined },
      { field: "realName", operator: "contains", value: v.realName?.trim() || undefined },
    ],
  });

  const formOptions = {
    resource: "user",
    warnWhenUnsavedChanges: true,
    queryOptions: { select: (d: { data: UserVO }) => ({ data: fromServer(d.data) }) },
  };
  const create = useModalForm<UserVO, HttpError, UserFormValues, UserFormValues>({ ...formOptions, action: "create" });
  const edit = useModalForm<UserVO, HttpError, UserFormValues, UserFormValues>({ ...formOptions, action: "edit" });
  const { mutate: deleteMany } = useDeleteMany();

  const chooseDept = (id: string | undefined) => {
    setDeptId(id);
    setFilters([{ field: "deptId", operator: "eq", value: id }], "merge");
  };

  const confirmDelete = (ids: string[]) => {
    const problem = selectAtLeastOne(ids);
    if (problem) {
      message.warning(t("messages.selectAtLeastOne"));
      return;
    }
    modal.confirm({
      title: t("messages.confirmDelete"),
      okText: t("common.ok"),
      cancelText: t("buttons.cancel"),
      okButtonProps: { danger: true },
      onOk: () =>
        new Promise<void>((resolve, reject) =>
          deleteMany(
            { resource: "user", ids, successNotification: { type: "success", message: t("messages.deleted") } },
            { onSuccess: () => { setSelected((s) => s.filter((id) => !ids.includes(id))); resolve(); }, onError: () => reject() },
          ),
        ),
    });
  };

  const columns = [
    { title: t("user.fields.account"), dataIndex: "account", sorter: true },
    { title: t("user.fields.realName"), dataIndex: "realName", sorter: true },
    { title: t("user.fields.roleName"), dataIndex: "roleName" },
    { title: t("user.fields.deptName"), dataIndex: "deptName" },
    { title: t("user.fields.phone"), dataIndex: "phone" },
    { title: t("user.fields.createTime"), dataIndex: "createTime", sorter: true },
    {
      title: t("user.actions"),
      key: "actions",
      width: 160,
      render: (_: unknown, row: UserVO) => (
        <Space size={0}>
          {canEdit && (
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => edit.show(row.id)}>
              {t("user.edit")}
            </Button>
          )}
          {canDelete && (
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => confirmDelete([row.id])}>
              {t("user.delete")}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Row gutter={16} wrap={false}>
      <Col flex="240px">
        <Card size="small" title={t("user.deptTree")}>
          <FilterTree tree={depts.tree} loading={depts.loading} selected={deptId} onSelect={chooseDept} allLabel={t("user.deptAll")} />
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Card size="small">
          <Form {...searchFormProps} name="user-search" layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
            <Form.Item name="account" label={t("user.fields.account")}>
              <Input allowClear placeholder={t("user.placeholders.account")} maxLength={45} />
            </Form.Item>
            <Form.Item name="realName" label={t("user.fields.realName")}>
              <Input allowClear placeholder={t("user.placeholders.realName")} maxLength={20} />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>{t("user.search")}</Button>
              <Button onClick={() => { searchFormProps.form?.resetFields(); searchFormProps.form?.submit(); }}>{t("user.reset")}</Button>
            </Space>
          </Form>
          <Space style={{ marginBottom: 12 }}>
            {canAdd && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => create.show()}>
                {t("user.add")}
              </Button>
            )}
            {canDelete && (
              <Button danger icon={<DeleteOutlined />} onClick={() => confirmDelete(selected)}>
                {t("user.delete")}
              </Button>
            )}
          </Space>
          <Table<UserVO>
            {...tableProps}
            rowKey="id"
            size="middle"
            columns={columns}
            loading={tableQuery.isFetching}
            scroll={{ x: 900 }}
            rowSelection={canDelete ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
            locale={{ emptyText: t("common.empty") }}
            pagination={{
              ...tableProps.pagination,
              pageSizeOptions: [...website.pageSizes],
              showSizeChanger: true,
              showTotal: (total) => t("user.total", { total }),
            }}
          />
        </Card>
      </Col>
      {create.open && <UserForm mode="create" form={create.form} formProps={create.formProps} modalProps={create.modalProps} />}
      {edit.open && <UserForm mode="edit" form={edit.form} formProps={edit.formProps} modalProps={edit.modalProps} />}
    </Row>
  );
}
