import { App, Button, Drawer, List, Popconfirm, Space, Tag, Typography } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ideApi, type PendingApproval } from "./api";
import { APPROVAL_STATE } from "../../../../domain/resources/dataFactory/ide/approval-state";

/** Pending high-risk scripts that a second person (holding ide_approve) approves or rejects. */
export function ApprovalDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [items, setItems] = useState<PendingApproval[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(() => {
    setItems(null);
    ideApi.approvals().then(setItems, () => setItems([]));
  }, []);
  useEffect(() => {
    if (open) load();
  }, [open, load]);

  const decide = async (id: string, action: "approve" | "reject") => {
    setBusy(id);
    try {
      await ideApi.decide(id, action);
      void message.success(t("ide.approved"));
      load();
    } catch {
      // The http layer has shown the server's message (e.g. one's own script).
    } finally {
      setBusy(null);
    }
  };

  return (
    <Drawer title={t("ide.approvals")} open={open} onClose={onClose} width={560}>
      <List
        loading={items === null}
        dataSource={items ?? []}
        locale={{ emptyText: t("ide.noApprovals") }}
        renderItem={(a) => (
          <List.Item
            actions={[
              <Popconfirm key="ok" title={t("ide.approveConfirm")} onConfirm={() => decide(a.id, "approve")}>
                <Button type="link" loading={busy === a.id}>{t("ide.approve")}</Button>
              </Popconfirm>,
              <Popconfirm key="no" title={t("ide.rejectConfirm")} onConfirm={() => decide(a.id, "reject")}>
                <Button type="link" danger disabled={busy === a.id}>{t("ide.reject")}</Button>
              </Popconfirm>,
            ]}
          >
            <Space direction="vertical" style={{ width: "100%" }}>
              <Space>
                <Tag>{a.language}</Tag>
                <Tag color={a.state === APPROVAL_STATE.pending ? "processing" : "default"}>{t(`ide.approvalState.${a.state}`)}</Tag>
                <Typography.Text type="secondary">{a.createTime}</Typography.Text>
              </Space>
              {/* The statement is shown as text, never as markup. */}
              <Typography.Paragraph style={{ marginBottom: 0 }}>
                <pre style={{ whiteSpace: "pre-wrap", margin: 0 }}>{a.content}</pre>
              </Typography.Paragraph>
            </Space>
          </List.Item>
        )}
      />
    </Drawer>
  );
}
