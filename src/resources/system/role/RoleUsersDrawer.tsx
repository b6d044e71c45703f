import { UserAddOutlined } from "@ant-design/icons";
import { CanAccess, useCustom, useCustomMutation } from "@refinedev/core";
import { App, Button, Drawer, Input, Modal, Popconfirm, Space, Table } from "antd";
import type { ColumnType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { website } from "../../../config/website";
import type { Page, UserVO } from "../../../../domain/contract";
import { selectAtLeastOne } from "../../../../domain/validation";
import { API } from "../../../../domain/contract/api";

interface RoleRef {
  id: string;
  roleName: string;
}

/** A page of users from `url` (the role's holders, or the tenant's users to pick from), searchable by account. */
function useUserPage<T extends { id: string }>(url: string, fixed: Record<string, string>) {
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState<number>(website.defaultPageSize);
  const [account, setAccount] = useState("");
  const { query, result } = useCustom<Page<T>>({
    url,
    method: "get",
    config: { query: { ...fixed, current, size, ...(account ? { account } : {}) } },
    queryOptions: { staleTime: 0 },
  });
  const page = result?.data;
  return {
    rows: Array.isArray(page?.records) ? page.records : [],
    loading: query.isFetching,
    refetch: query.refetch,
    search: (value: string) => {
      setAccount(value.trim());
      setCurrent(1);
    },
    pagination: {
      current,
      pageSize: size,
      total: Number(page?.total ?? 0),
      showSizeChanger: true,
      pageSizeOptions: [...website.pageSizes],
      onChange: (c: number, s: number) => {
        setCurrent(s === size ? c : 1);
        setSize(s);
      },
    },
  };
}

/** A picker row of /blade-user/usesPage (no roles: adding a role twice changes nothing). */
type PickedUser = Pick<UserVO, "id" | "account" | "realName" | "deptName">;

function useColumns<T>(keys: readonly ("account" | "realName" | "deptName" | "roleName")[]): ColumnType<T>[] {
  const { t } = useTranslation();
  return keys.map((k) => ({ title: t(`role.user.${k}`), dataIndex: k, ellipsis: k !== "account" }));
}

/** 添加用户: the tenant's users (usesPage, the pickers' list), chosen with checkboxes, added with userAddRole. */
function AddUsersModal({ role, onClose, onAdded }: { role: RoleRef; onClose: () => void; onAdded: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const candidates = useUserPage<PickedUser>(API.get("/blade-user/usesPage"), {});
  const [selected, setSelected] = useState<string[]>([]);
  const { mutateAsync, mutation } = useCustomMutation();
  const add = async () => {
    if (selectAtLeastOne(selected)) return void message.warning(t("messages.selectAtLeastOne"));
    try {
      await mutateAsync({ url: API.post("/blade-user/userAddRole"), method: "post", values: { roleId: role.id, userIds: selected }, successNotification: false });
    } catch {
      return; // the refusal is already shown (http layer)
    }
    message.success(t("messages.added"));
    onAdded();
    onClose();
  };
  return (
    <Modal
      open
      title={t("role.addUsersTitle", { name: role.roleName })}
      width={760}
      okText={t("common.ok")}
      cancelText={t("buttons.cancel")}
      onOk={() => void add()}
      onCancel={onClose}
      okButtonProps={{ loading: mutation.isPending }}
      destroyOnHidden
    >
      <Input.Search allowClear placeholder={t("role.searchAccount")} aria-label={t("role.searchAccount")} onSearch={candidates.search} style={{ marginBottom: 12, maxWidth: 280 }} />
      <Table<PickedUser>
        rowKey="id"
        size="small"
        columns={useColumns<PickedUser>(["account", "realName", "deptName"])}
        dataSource={candidates.rows}
        loading={candidates.loading}
        pagination={candidates.pagination}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: true }}
        locale={{ emptyText: t("common.empty") }}
      />
    </Modal>
  );
}

/** 角色用户: who holds the role (userRolePage); users are added to it and taken out of it here. */
export function RoleUsersDrawer({ role, onClose }: { role: RoleRef; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const holders = useUserPage<UserVO>(API.get("/blade-user/userRolePage"), { roleId: role.id });
  const [adding, setAdding] = useState(false);
  const { mutateAsync } = useCustomMutation();
  const takeOut = async (user: UserVO) => {
    try {
      await mutateAsync({ url: API.post("/blade-system/role/removeUsers"), method: "post", values: { roleId: role.id, userIds: [user.id] }, successNotification: false });
    } catch {
      return;
    }
    message.success(t("role.removed"));
    await holders.refetch();
  };
  const columns: ColumnType<UserVO>[] = [
    ...useColumns<UserVO>(["account", "realName", "deptName", "roleName"]),
    {
      title: t("table.actions"),
      key: "actions",
      width: 90,
      render: (_: unknown, user: UserVO) => (
        <CanAccess resource="role" action="grant">
          <Popconfirm title={t("role.removeUserConfirm")} okText={t("common.ok")} cancelText={t("buttons.cancel")} onConfirm={() => takeOut(user)}>
            <Button type="link" size="small" danger>
              {t("role.removeUser")}
            </Button>
          </Popconfirm>
        </CanAccess>
      ),
    },
  ];
  return (
    <Drawer open width={760} title={t("role.usersTitle", { name: role.roleName })} onClose={onClose} destroyOnHidden>
      <Space style={{ marginBottom: 12 }} wrap>
        <CanAccess resource="role" action="grant">
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
            {t("role.addUsers")}
          </Button>
        </CanAccess>
        <Input.Search allowClear placeholder={t("role.searchAccount")} aria-label={t("role.searchAccount")} onSearch={holders.search} style={{ width: 240 }} />
      </Space>
      <Table<UserVO>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={holders.rows}
        loading={holders.loading}
        pagination={holders.pagination}
        locale={{ emptyText: t("common.empty") }}
      />
      {adding && <AddUsersModal role={role} onClose={() => setAdding(false)} onAdded={() => void holders.refetch()} />}
    </Drawer>
  );
}
