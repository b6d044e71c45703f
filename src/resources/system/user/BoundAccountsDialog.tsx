import { CanAccess, useCustom, useInvalidate } from "@refinedev/core";
import { App, Avatar, Button, Modal, Popconfirm, Space, Table } from "antd";
import { useTranslation } from "react-i18next";
import { http } from "../../../providers/http";

/** A third-party identity bound to the user (server/modules/user/bound.ts BoundAccount). */
export interface BoundAccount {
  id: string;
  source: string;
  username: string;
  nickname: string;
  avatar: string;
  createTime: string;
}

/** 绑定账号: the user's third-party identities, each unbindable with the user_unbind button. */
export function BoundAccountsDialog({ userId, name, onClose }: { userId: string; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const { query, result } = useCustom<BoundAccount[]>({ url: "/blade-user/bindAccountList", method: "get", config: { query: { userId } } });
  const rows = Array.isArray(result?.data) ? result.data : [];

  const unbind = async (id: string) => {
    try {
      await http.get("/blade-user/unBind", { params: { id } });
    } catch {
      return; // shown by the http layer
    }
    message.success(t("user.unbindDone"));
    await invalidate({ resource: "user", invalidates: ["all"] });
    await query.refetch();
  };

  return (
    <Modal open title={t("user.boundTitle", { name })} width={720} footer={null} onCancel={onClose} destroyOnHidden>
      <Table<BoundAccount>
        rowKey="id"
        size="small"
        loading={query.isFetching}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t("common.empty") }}
        columns={[
          { title: t("user.boundSource"), dataIndex: "source" },
          {
            title: t("user.boundUsername"),
            dataIndex: "username",
            render: (v: string, row) => (
              <Space>
                {row.avatar ? <Avatar size="small" src={row.avatar} /> : null}
                {v}
              </Space>
            ),
          },
          { title: t("user.boundNickname"), dataIndex: "nickname" },
          { title: t("user.boundTime"), dataIndex: "createTime" },
          {
            title: t("table.actions"),
            key: "actions",
            render: (_: unknown, row) => (
              <CanAccess resource="user" action="unbind">
                <Popconfirm title={t("user.unbindConfirm")} okText={t("common.ok")} cancelText={t("buttons.cancel")} onConfirm={() => unbind(row.id)}>
                  <Button type="link" size="small" danger>
                    {t("user.unbind")}
                  </Button>
                </Popconfirm>
              </CanAccess>
            ),
          },
        ]}
      />
    </Modal>
  );
}
