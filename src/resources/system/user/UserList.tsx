import type { BaseRecord } from "@refinedev/core";
import { LockOutlined } from "@ant-design/icons";
import { Card, Space, Tag, Tooltip } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { UserVO } from "../../../../domain/contract";
import { LazyFilterTree } from "../../../components/LazyFilterTree";
import { ResourceList } from "../../../components/resource/ResourceList";
import { DEPT_LOOKUP } from "./dept-lookup";
import { ResetPasswordButton } from "./ResetPasswordButton";
import { UserDialogs, type UserDialog } from "./UserDialogs";
import { UserRowActions } from "./UserRowActions";
import { UserToolbar } from "./UserToolbar";
import { userSpec } from "../../../../domain/resources/system/user/spec";
import { fromServer } from "./user-form-values";
import { lazyDialog } from "../../../components/lazy-dialog";

// The create/edit dialog (date picker, tree selects, the password rules) loads on its first opening.
const UserForm = lazyDialog(() => import("./UserForm").then((m) => m.UserForm));

/**
 * System → Users: a lazily loaded department tree filtering the kit's list (the department and all below it),
 * with the page's own actions: import and export, and enable/disable, unlock, roles, departments
 * and bound accounts for the chosen rows or one row.
 */
export default function UserList() {
  const { t } = useTranslation();
  const [deptId, setDeptId] = useState<string>();
  const [dialog, setDialog] = useState<UserDialog>();
  const aside = (
    <Card size="small" title={t("user.deptTree")}>
      <LazyFilterTree
        levelUrl={DEPT_LOOKUP.levelUrl}
        searchUrl={DEPT_LOOKUP.searchUrl}
        searchField={DEPT_LOOKUP.searchField}
        selected={deptId}
        onSelect={setDeptId}
        allLabel={t("user.deptAll")}
      />
    </Card>
  );
  return (
    <>
      <ResourceList
        spec={userSpec}
        aside={aside}
        filters={deptId ? [{ field: "deptId", operator: "eq", value: deptId }] : []}
        Form={UserForm}
        fromRecord={(row) => ({ ...fromServer(row as Partial<UserVO>) })}
        actionsWidth={260}
        extraColumns={[
          {
            title: t("user.fields.status"),
            dataIndex: "status",
            render: (v: unknown, row: BaseRecord) => (
              <Space size={4} wrap>
                {Number(v) === 1 ? <Tag color="green">{t("user.status.1")}</Tag> : <Tag color="red">{t("user.status.0")}</Tag>}
                {/* The sign-in lockout holds the account (the reference server says until when). */}
                {typeof row.lockedUntil === "string" && row.lockedUntil && (
                  <Tooltip title={t("user.lock.until", { time: row.lockedUntil })}>
                    <Tag color="orange" icon={<LockOutlined />}>
                      {t("user.lock.locked")}
                    </Tag>
                  </Tooltip>
                )}
              </Space>
            ),
          },
        ]}
        toolbar={(context) => <UserToolbar context={context} open={setDialog} />}
        rowActions={(row) => (
          <>
            <ResetPasswordButton row={row} />
            <UserRowActions row={row} open={setDialog} />
          </>
        )}
      />
      <UserDialogs dialog={dialog} onClose={() => setDialog(undefined)} />
    </>
  );
}
