import { KeyOutlined } from "@ant-design/icons";
import { CanAccess, type BaseRecord } from "@refinedev/core";
import { Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { lazyDialog } from "../../../components/lazy-dialog";

// Loaded on its first opening (the page's first load carries no dialog).
const ResetPasswordDialog = lazyDialog(() => import("./ResetPasswordDialog").then((m) => m.ResetPasswordDialog));

/** A row's 重置密码: opens the reset dialog (the initial, a typed or a generated password). */
export function ResetPasswordButton({ row }: { row: BaseRecord }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <CanAccess resource="user" action="reset">
      <Button type="link" size="small" icon={<KeyOutlined />} onClick={() => setOpen(true)}>
        {t("user.reset")}
      </Button>
      {open && (
        <ResetPasswordDialog
          id={String(row.id)}
          tenantId={row.tenantId ? String(row.tenantId) : undefined}
          name={String(row.realName || row.account)}
          onClose={() => setOpen(false)}
        />
      )}
    </CanAccess>
  );
}
