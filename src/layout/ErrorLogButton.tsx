import { BugOutlined } from "@ant-design/icons";
import { Badge, Button, Tooltip } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { website } from "../config/website";
import { useErrorLog } from "../components/error-log/error-log";
import { lazyDialog } from "../components/lazy-dialog";

const ErrorLogDialog = lazyDialog(() => import("../components/error-log/ErrorLogDialog").then((m) => m.ErrorLogDialog));

/** The error-log button of §2 with its badge (99 at most, then 99+). */
export function ErrorLogButton() {
  const { t } = useTranslation();
  const logs = useErrorLog();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t("layout.errorLog.title")}>
        <Badge count={logs.length} overflowCount={website.errorLogBadgeMax} size="small" offset={[-4, 4]}>
          <Button type="text" icon={<BugOutlined />} aria-label={t("layout.errorLog.title")} onClick={() => setOpen(true)} />
        </Badge>
      </Tooltip>
      <ErrorLogDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
