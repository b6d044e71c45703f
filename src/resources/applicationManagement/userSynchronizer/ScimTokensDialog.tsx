import { CopyOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Form, Input, Modal, Space, Table, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePreventDoubleClick } from "../../../components/layout-prevent-double-click";
import { syncCalls, scimBaseUrl, type ScimTokenRow } from "./api";
import { reasonOf } from "./PreviewDialog";
import "./i18n";

const TOKENS_KEY = ["userSynchronizer", "scimTokens"];

/** A value with a copy button (the clipboard may be refused: the value stays selectable). */
function Copyable({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      message.success(t("userSynchronizer.copied"));
    } catch {
      // No clipboard here (an insecure origin): the text is still there to select by hand.
    }
  };
  return (
    <Space.Compact style={{ width: "100%" }}>
      <Input readOnly value={value} aria-label={label} onFocus={(e) => e.target.select()} />
      <Button icon={<CopyOutlined />} onClick={() => void copy()} aria-label={`${t("userSynchronizer.copy")} ${label}`}>
        {t("userSynchronizer.copy")}
      </Button>
    </Space.Compact>
  );
}

/**
 * SCIM 令牌: the tenant's SCIM 2.0 base URL for identity providers and its bearer tokens (name,
 * prefix, created, last used). A new token is shown this once, with a copy button; the server
 * keeps only its hash. 吊销 asks first: providers using the token stop at once.
 */
export function ScimTokensDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string }>();
  const [issued, setIssued] = useState<(ScimTokenRow & { token: string }) | null>(null);
  const [busy, setBusy] = useState(false);
  const { blocked, guard } = usePreventDoubleClick();
  const tokens = useQuery({ queryKey: TOKENS_KEY, queryFn: syncCalls.tokens, staleTime: 0 });
  const reload = () => queryClient.invalidateQueries({ queryKey: TOKENS_KEY });

  const issue = guard(async ({ name }: { name: string }) => {
    setBusy(true);
    try {
      const answer = await syncCalls.issueToken(name.trim());
      setIssued(answer);
      form.resetFields();
      message.success(t("userSynchronizer.tokenIssued", { name: answer.name }));
      await reload();
    } catch {
      // The request layer shows the server's reason.
    } finally {
      setBusy(false);
    }
  });

  const revoke = (row: ScimTokenRow) =>
    modal.confirm({
      title: t("userSynchronizer.scimRevokeConfirm"),
      content: `${row.name} (${row.prefix}…)`,
      okText: t("userSynchronizer.revoke"),
      okButtonProps: { danger: true },
      cancelText: t("buttons.cancel"),
      onOk: async () => {
        await syncCalls.revokeToken(row.id);
        message.success(t("userSynchronizer.revoked"));
        if (issued?.id === row.id) setIssued(null);
        await reload();
      },
    });

  return (
    <Modal open title={t("userSynchronizer.scimTokens")} width={820} destroyOnHidden onCancel={onClose} footer={<Button onClick={onClose}>{t("userSynchronizer.close")}</Button>}>
      <Space direction="vertical" size={16} style={{ width: "100%" }}>
        <div>
          <Typography.Text strong>{t("userSynchronizer.scimBaseUrl")}</Typography.Text>
          <Copyable value={scimBaseUrl()} label={t("userSynchronizer.scimBaseUrl")} />
          <Typography.Text type="secondary">{t("userSynchronizer.scimHelp")}</Typography.Text>
        </div>

        <Form form={form} layout="inline" name="scim-token-issue" onFinish={issue}>
          <Form.Item
            name="name"
            label={t("userSynchronizer.tokenName")}
            rules={[{ required: true, whitespace: true, message: t("userSynchronizer.tokenNameRequired") }]}
          >
            <Input maxLength={64} style={{ width: 260 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} disabled={blocked}>
            {t("userSynchronizer.newToken")}
          </Button>
        </Form>

        {issued && (
          <Alert
            type="warning"
            showIcon
            message={t("userSynchronizer.scimTokenShownOnce")}
            description={<Copyable value={issued.token} label={t("userSynchronizer.tokenIssued", { name: issued.name })} />}
            closable
            onClose={() => setIssued(null)}
          />
        )}

        {tokens.isError && (
          <Alert
            type="error"
            showIcon
            message={reasonOf(tokens.error)}
            action={<Button size="small" onClick={() => void tokens.refetch()}>{t("buttons.refresh")}</Button>}
          />
        )}
        <Table<ScimTokenRow>
          rowKey="id"
          size="small"
          loading={tokens.isFetching}
          dataSource={tokens.data ?? []}
          pagination={false}
          locale={{ emptyText: t("userSynchronizer.noTokens") }}
          columns={[
            { key: "name", dataIndex: "name", title: t("userSynchronizer.tokenName") },
            { key: "prefix", dataIndex: "prefix", title: t("userSynchronizer.tokenPrefix"), render: (v: string) => <Typography.Text code>{v}…</Typography.Text> },
            { key: "createTime", dataIndex: "createTime", title: t("userSynchronizer.tokenCreated"), width: 170 },
            {
              key: "lastUsedTime",
              dataIndex: "lastUsedTime",
              title: t("userSynchronizer.tokenLastUsed"),
              width: 170,
              render: (v?: string | null) => v || <Typography.Text type="secondary">{t("userSynchronizer.tokenNeverUsed")}</Typography.Text>,
            },
            {
              key: "actions",
              title: t("table.actions"),
              width: 90,
              render: (_: unknown, row) => (
                <Button type="link" size="small" danger onClick={() => revoke(row)} aria-label={`${t("userSynchronizer.revoke")} ${row.name}`}>
                  {t("userSynchronizer.revoke")}
                </Button>
              ),
            },
          ]}
        />
      </Space>
    </Modal>
  );
}
