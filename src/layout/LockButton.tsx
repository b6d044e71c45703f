import { LockOutlined } from "@ant-design/icons";
import { Button, Tooltip } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LockDialog } from "./LockDialog";

/** The lock-screen button of §2. */
export function LockButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t("layout.lock.button")}>
        <Button type="text" icon={<LockOutlined />} aria-label={t("layout.lock.button")} onClick={() => setOpen(true)} />
      </Tooltip>
      <LockDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
