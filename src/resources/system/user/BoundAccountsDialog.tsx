import { CanAccess, useCustom, useInvalidate } from "@refinedev/core";
import { useResourceCan } from "../../../providers/access-control";
import { App, Avatar, Button, Modal, Popconfirm, Space, Table } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { http } from "../../../providers/http";
import { API } from "../../../../domain/contract/api";

/** A third-party identity bound to the user (server/modules/user/bound.ts BoundAccount). */
export interface BoundAccount {
  id: string;
  source: string;
  username: string;
  nickname: string;
  avatar: string;
  createTime: string;
}

/**
 * 绑定账号: the user's third-party identities, unbindable one by one (unBind) or, ticked, together
 * (unBatchBind) — both with the user_unbind button.
 */
export function BoundAccountsDialog({ userId, name, onClose }: { userId: string; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const { query, result } = useCustom<BoundAccount[]>({ url: API.get("/blade-user/bindAccountList"), method: "get", config: { query: { userId } } });
  const rows = Array.isArray(result?.data) ? result.data : [];
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const mayUnbind = useResourceCan("user", "unbind").can === true;

  const unbind = async (ids: string[]) => {
    setBusy(true);
    try {
      if (ids.length === 1) await http.get(API.get("/blade-user/unBind"), { params: { id: ids[0] } });
      else await http.post(API.post("/blade-user/unBatchBind"), undefined, { params: { ids: ids.join(",") } });
    } catch {
      return; // shown by the http layer
    } finally {
      setBusy(false);
    }
    message.success(t("user.unbindDone"));
    setSelected((now) => now.filter((id) => !ids.includes(id)));
    await invalidate({ resource: "user", invalidates: ["all"] });
    await query.refetch();
  };

  return (
    <Modal open title={t("user.boundTitle", { name })} width={720} footer={null} onCancel={onClose} destroyOnHidden>
      {mayUnbind ? (
        <Space style={{ marginBottom: 12 }}>
          <Popconfirm
            title={t("user.unbindManyConfirm", { count: selected.length })}
            okText={t("common.ok")}
            cancelText={t("buttons.cancel")}
            disabled={selected.length === 0}
            onConfirm={() => unbind(selected)}
          >
            <Button danger disabled={selected.length === 0} loading={busy}>
              {t("user.unbindMany")}
            </Button>
          </Popconfirm>
          {selected.length > 0 ? <span>{t("user.selectedCount", { count: selected.length })}</span> : null}
        </Space>
      ) : null}
      <Table<BoundAccount>
        rowKey="id"
        rowSelection={mayUnbind ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
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
                <Popconfirm title={t("user.unbindConfirm")} okText={t("common.ok")} cancelText={t("buttons.cancel")} onConfirm={() => unbind([row.id])}>
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
