import type { BaseRecord } from "@refinedev/core";
import { LockOutlined } from "@ant-design/icons";
import { Space, Tag, Tooltip } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { UserVO } from "../../../../domain/contract";
import { userSpec } from "../../../../domain/resources/system/user/spec";
import { LazyFilterTree } from "../../../components/LazyFilterTree";
import { lazyDialog } from "../../../components/lazy-dialog";
import { ListActions, ListFrame, ListSearch, ResourceTable } from "../../../components/resource/list/parts";
import { AsidePanel } from "../../../components/resource/list/AsidePanel";
import { useResourceList } from "../../../components/resource/list/useResourceList";
import { DEPT_LOOKUP } from "./dept-lookup";
import { ResetPasswordButton } from "./ResetPasswordButton";
import { fromServer } from "./user-form-values";
import { UserDialogs, type UserDialog } from "./UserDialogs";
import { UserRowActions } from "./UserRowActions";
import { UserToolbar } from "./UserToolbar";
import "./i18n";

// The create/edit dialog (date picker, tree selects, the password rules) loads on its first opening.
const UserForm = lazyDialog(() => import("./UserForm").then((m) => m.UserForm));

/** 状态: enabled or disabled, and the sign-in lockout while it holds the account (the server says until when). */
function StatusCell({ row }: { row: BaseRecord }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      {Number(row.status) === 1 ? <Tag color="green">{t("user.status.1")}</Tag> : <Tag color="red">{t("user.status.0")}</Tag>}
      {typeof row.lockedUntil === "string" && row.lockedUntil && (
        <Tooltip title={t("user.lock.until", { time: row.lockedUntil })}>
          <Tag color="orange" icon={<LockOutlined />}>
            {t("user.lock.locked")}
          </Tag>
        </Tooltip>
      )}
    </Space>
  );
}

/**
 * System → Users: the kit's list parts with a lazily loaded department tree beside them (the
 * department and all below it), the status column, and the page's own actions: import and export,
 * and enable/disable, unlock, roles, departments and bound accounts for the chosen rows or one row.
 */
export default function UserList() {
  const { t } = useTranslation();
  const [deptId, setDeptId] = useState<string>();
  const [dialog, setDialog] = useState<UserDialog>();
  const list = useResourceList(userSpec, {
    filters: deptId ? [{ field: "deptId", operator: "eq", value: deptId }] : [],
    form: { Form: UserForm, fromRecord: (row) => ({ ...fromServer(row as Partial<UserVO>) }) },
  });
  const aside = (
    <AsidePanel title={t("user.deptTree")}>
      <LazyFilterTree
        levelUrl={DEPT_LOOKUP.levelUrl}
        searchUrl={DEPT_LOOKUP.searchUrl}
        searchField={DEPT_LOOKUP.searchField}
        selected={deptId}
        onSelect={setDeptId}
        allLabel={t("user.deptAll")}
      />
    </AsidePanel>
  );
  const columns = [
    ...list.columns,
    { title: t("user.fields.status"), dataIndex: "status", render: (_: unknown, row: BaseRecord) => <StatusCell row={row} /> },
    list.actionsColumn({
      width: 260,
      extra: (row) => (
        <>
          <ResetPasswordButton row={row} />
          <UserRowActions row={row} open={setDialog} />
        </>
      ),
    }),
  ];
  return (
    <>
      <ListFrame list={list} aside={aside}>
        <ListSearch list={list} />
        <ListActions list={list}>
          <UserToolbar context={list.context} open={setDialog} />
        </ListActions>
        <ResourceTable list={list} columns={columns} />
      </ListFrame>
      {list.forms.forms}
      <UserDialogs dialog={dialog} onClose={() => setDialog(undefined)} />
    </>
  );
}
