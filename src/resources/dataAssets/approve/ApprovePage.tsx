import type { BaseRecord } from "@refinedev/core";
import { useInvalidate } from "@refinedev/core";
import { App, Button } from "antd";
import { RowActions } from "../../../components/resource/ListToolbar";
import { useTranslation } from "react-i18next";
import { usePermission } from "../../../providers/access-control";
import { http } from "../../../providers/http";
import { approvalColumns } from "../shared/columns";
import { SampleList } from "../shared/SampleList";
import { API } from "../../../../domain/contract/api";

/** The 审批 button of 授权审批 (server/db/seed/menus.ts). */
const APPROVE_CODE = "dataAuthApprove_approve";
const PENDING = "pending approval";

type Decision = "approve" | "reject";

/**
 * 授权审批: the sample approval items, each pending one approved or rejected by a holder of the
 * 审批 button after a confirmation. The server keeps the decision (blade-sample/approval/…) and the
 * list shows it.
 */
export default function ApprovePage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const invalidate = useInvalidate();
  const canApprove = usePermission(APPROVE_CODE);

  const decide = (row: BaseRecord, action: Decision) =>
    modal.confirm({
      title: t(`sample.approval.${action}Confirm`, { name: String(row.projectName ?? "") }),
      okText: t("common.ok"),
      cancelText: t("buttons.cancel"),
      okButtonProps: action === "reject" ? { danger: true } : undefined,
      onOk: async () => {
        await http.post(API.post(`/blade-sample/approval/${action}`), undefined, { params: { id: String(row.id) } });
        message.success(t("sample.approval.done"));
        await invalidate({ resource: "dataAuthApprove", invalidates: ["list"] });
      },
    });

  const columns = approvalColumns(t);
  if (canApprove) {
    columns.push({
      title: t("table.actions"),
      key: "actions",
      render: (_: unknown, row: BaseRecord) =>
        row.status === PENDING && (
          <RowActions>
            <Button type="link" size="small" onClick={() => decide(row, "approve")}>
              {t("sample.approval.approve")}
            </Button>
            <Button type="link" size="small" danger onClick={() => decide(row, "reject")}>
              {t("sample.approval.reject")}
            </Button>
          </RowActions>
        ),
    });
  }
  return <SampleList resource="dataAuthApprove" columns={columns} search={[{ name: "projectName", kind: "like" }]} />;
}
