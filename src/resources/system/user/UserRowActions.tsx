import { DownOutlined, UnlockOutlined } from "@ant-design/icons";
import type { BaseRecord } from "@refinedev/core";
import { App, Button, Dropdown, type MenuProps } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePermission } from "../../../providers/access-control";
import { useUserCalls } from "./actions";
import { lazyDialog } from "../../../components/lazy-dialog";
import type { UserDialog } from "./UserDialogs";
import { USER_BUTTON_CODES as B } from "../../../../domain/resources/system/user/spec";

// Loaded on its first opening (the page's first load carries no dialog).
const AppRoleDialog = lazyDialog(() => import("./AppRoleDialog").then((m) => m.AppRoleDialog));

/** The 应用角色 row action's button (seeded under 用户管理). */
const APP_ROLE_CODE = "user_app_role";

const split = (v: unknown) => String(v ?? "").split(",").filter((s) => s && s !== "-1");

/**
 * 更多 of a row: enable or disable, unlock, roles, departments, platform, application roles and bound
 * accounts, each shown only to holders of its button code (bound accounts come with the page itself).
 */
export function UserRowActions({ row, open }: { row: BaseRecord; open: (dialog: UserDialog) => void }) {
  const { t } = useTranslation();
  const calls = useUserCalls();
  const id = String(row.id);
  const enabled = Number(row.status) === 1;
  const may = {
    status: usePermission(B.status),
    unlock: usePermission(B.unlock),
    role: usePermission(B.role),
    dept: usePermission(B.dept),
    platform: usePermission(B.platform),
    appRole: usePermission(APP_ROLE_CODE),
  };
  const { message } = App.useApp();
  const [appRoles, setAppRoles] = useState(false);
  const items: MenuProps["items"] = [
    may.status && { key: "status", label: t(enabled ? "user.disable" : "user.enable"), danger: enabled, onClick: () => calls.setStatus([id], enabled ? 0 : 1) },
    may.unlock && { key: "unlock", label: t("user.unlock"), onClick: () => calls.unlock([id]) },
    may.role && { key: "role", label: t("user.setRole"), onClick: () => open({ kind: "role", ids: [id], initial: split(row.roleId) }) },
    may.dept && { key: "dept", label: t("user.setDept"), onClick: () => open({ kind: "dept", ids: [id], initial: split(row.deptId) }) },
    may.platform && { key: "platform", label: t("user.platform"), onClick: () => open({ kind: "platform", userId: id, name: String(row.realName || row.account) }) },
    may.appRole && { key: "appRole", label: t("user.appRole"), onClick: () => setAppRoles(true) },
    { key: "bound", label: t("user.bound"), onClick: () => open({ kind: "bound", userId: id, name: String(row.realName || row.account) }) },
    { key: "explain", label: t("user.explain.action"), onClick: () => open({ kind: "explain", userId: id, name: String(row.realName || row.account) }) },
  ].filter(Boolean) as MenuProps["items"];
  // A locked account (the reference server's lockedUntil) is unlocked from the row itself.
  const locked = typeof row.lockedUntil === "string" && row.lockedUntil !== "";
  return (
    <>
      {locked && may.unlock && (
        <Button type="link" size="small" icon={<UnlockOutlined />} aria-label={`${t("user.lock.unlock")} ${String(row.account)}`} onClick={() => calls.unlock([id])}>
          {t("user.lock.unlock")}
        </Button>
      )}
      <Dropdown menu={{ items }} trigger={["click"]}>
        <Button type="link" size="small" aria-label={`${t("user.more")} ${String(row.account)}`}>
          {t("user.more")} <DownOutlined />
        </Button>
      </Dropdown>
      {appRoles && (
        <AppRoleDialog
          userId={id}
          tenantId={row.tenantId ? String(row.tenantId) : undefined}
          name={String(row.realName || row.account)}
          onClose={(done) => {
            setAppRoles(false);
            if (done) message.success(t("messages.updated"));
          }}
        />
      )}
    </>
  );
}
