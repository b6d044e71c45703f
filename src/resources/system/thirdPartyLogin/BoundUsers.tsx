import { useCustom } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import { Button, Modal, Table } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Page, R } from "../../../../domain/contract";
import { http } from "../../../providers/http";
import { API } from "../../../../domain/contract/api";

/** A user bound to a provider (server/modules/user/bound.ts BoundUser). */
interface BoundUser {
  id: string;
  userId: string;
  account: string;
  realName: string;
  deptName: string;
  username: string;
  nickname: string;
  createTime: string;
  bindings: number;
}

const PAGE_SIZE = 10;

/** The users bound to one provider, a page at a time (thirdAppBindUserList/{source}). */
function BoundUsersDialog({ source, name, onClose }: { source: string; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(1);
  const { query, result } = useCustom<Page<BoundUser>>({
    url: API.get("/blade-user/thirdAppBindUserList/{source}", { source }),
    method: "get",
    config: { query: { current, size: PAGE_SIZE } },
  });
  const page = result?.data;
  return (
    <Modal open title={t("thirdPartyLogin.boundTitle", { name })} width={760} footer={null} onCancel={onClose} destroyOnHidden>
      <Table<BoundUser>
        rowKey="id"
        size="small"
        loading={query.isFetching}
        dataSource={page?.records ?? []}
        locale={{ emptyText: t("thirdPartyLogin.boundNone") }}
        pagination={{ current, pageSize: PAGE_SIZE, total: page?.total ?? 0, showSizeChanger: false, onChange: setCurrent }}
        columns={[
          { key: "account", dataIndex: "account", title: t("thirdPartyLogin.boundAccount") },
          { key: "realName", dataIndex: "realName", title: t("thirdPartyLogin.boundRealName") },
          { key: "deptName", dataIndex: "deptName", title: t("thirdPartyLogin.boundDept") },
          { key: "username", dataIndex: "username", title: t("thirdPartyLogin.boundIdentity"), render: (v: string, row) => v || row.nickname },
          { key: "createTime", dataIndex: "createTime", title: t("thirdPartyLogin.boundTime"), width: 170 },
        ]}
      />
    </Modal>
  );
}

/**
 * How many users are bound to a provider (bindUserCount?source), as a link that lists them. The
 * provider's own row asks: the list holds a handful of providers.
 */
export function BoundUserCount({ source, name }: { source: string; name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const query = useQuery({
    queryKey: ["third-login-bound-count", source],
    queryFn: async () => (await http.get<R<number>>(API.get("/blade-user/bindUserCount"), { params: { source } })).data,
  });
  const count = query.data;
  if (typeof count !== "number") return <span aria-busy={query.isFetching}>{query.isFetching ? "…" : "-"}</span>;
  return (
    <>
      <Button type="link" size="small" disabled={count === 0} aria-label={t("thirdPartyLogin.boundOpen", { name, count })} onClick={() => setOpen(true)}>
        {count}
      </Button>
      {open && <BoundUsersDialog source={source} name={name} onClose={() => setOpen(false)} />}
    </>
  );
}
