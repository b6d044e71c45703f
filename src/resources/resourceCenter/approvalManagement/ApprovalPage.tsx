import { useCustom } from "@refinedev/core";
import { useResourceCan } from "../../../providers/access-control";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Form, Input, Modal, Space, Table, Tabs, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../../components/useDocumentTitle";
import { API } from "../../../../domain/contract/api";
import { SourceTags } from "../shared/AppCard";
import { approveMany, decide, type Page, type RequestRow, type Source } from "../shared/api";
import "../shared/i18n";
import "./registrations-i18n";
import RegistrationsPanel from "./RegistrationsPanel";

interface PendingRow extends RequestRow {
  approve: boolean;
  reject: boolean;
  holdings: { roles: string[]; apps: { id: string; appName: string; sources: Source[] }[] };
}

type Decision = { action: "approve" | "reject"; ids: string[] };

/** What the requester may already use and why (the server's one rule), beside their request. */
function Holdings({ row }: { row: PendingRow }) {
  const { t } = useTranslation();
  const { roles, apps } = row.holdings;
  return (
    <Space direction="vertical" size={2}>
      {roles.length > 0 && <Typography.Text type="secondary">{t("resourceCenter.roles", { roles: roles.join("、") })}</Typography.Text>}
      {apps.length === 0 ? (
        <Typography.Text type="secondary">{t("resourceCenter.holdsNothing")}</Typography.Text>
      ) : (
        apps.map((a) => (
          <span key={a.id}>
            {a.appName} <SourceTags sources={a.sources} />
          </span>
        ))
      )}
    </Space>
  );
}

/**
 * 审批管理 (/resourceCenter/approvalManagement/index): the resource requests the user may decide
 * and, for holders of 通过 (administrators), a second tab 注册审批 with the self-registrations of
 * §4 awaiting them. A directory owner without 通过 sees the requests alone, as before.
 */
export default function ApprovalPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("resourceCenter.approvalManagement"));
  const can = useResourceCan("approvalManagement", "approve");
  const approver = can.can === true;
  return (
    <Card title={t("resourceCenter.approvalManagement")} loading={can.isLoading}>
      {/* Nothing until the answer is known: the requests' table is then mounted once, in its final place. */}
      {can.isLoading ? null : approver ? (
        <Tabs
          items={[
            { key: "requests", label: t("resourceCenter.requestsTab"), children: <RequestsPanel /> },
            { key: "registrations", label: t("resourceCenter.registrations.tab"), children: <RegistrationsPanel /> },
          ]}
        />
      ) : (
        <RequestsPanel />
      )}
    </Card>
  );
}

/**
 * The pending requests the user may decide — as a holder of 通过/驳回, or as the owner of a
 * directory for the first step of a two-step flow — with what each requester already holds,
 * 通过 and 驳回 with a comment, and 批量通过.
 */
function RequestsPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [selected, setSelected] = useState<string[]>([]);
  const [deciding, setDeciding] = useState<Decision>();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ comment: string }>();
  const { query, result } = useCustom<Page<PendingRow>>({
    url: API.get("/authentication/approvalManagement/list"),
    method: "get",
    config: { query: { current: page.current, size: page.size } },
  });
  const rows = result?.data?.records ?? [];

  const submit = async () => {
    if (!deciding) return;
    let comment = "";
    try {
      comment = (await form.validateFields()).comment ?? "";
    } catch {
      return; // the form shows what is missing beside its field
    }
    setBusy(true);
    try {
      if (deciding.ids.length > 1) await approveMany(deciding.ids, comment.trim());
      else await decide(deciding.action, deciding.ids[0], comment.trim());
    } catch {
      return; // the server's message is shown by the http layer
    } finally {
      setBusy(false);
    }
    message.success(t("resourceCenter.decided"));
    setDeciding(undefined);
    setSelected([]);
    form.resetFields();
    void queryClient.invalidateQueries();
  };

  const bulk = () => {
    if (selected.length === 0) {
      message.warning(t("resourceCenter.selectFirst"));
      return;
    }
    setDeciding({ action: "approve", ids: selected });
  };

  const title = !deciding
    ? ""
    : deciding.ids.length > 1
      ? t("resourceCenter.batchTitle", { count: deciding.ids.length })
      : t(deciding.action === "approve" ? "resourceCenter.approveTitle" : "resourceCenter.rejectTitle");

  return (
    <>
      <Space style={{ marginBottom: 16, width: "100%", justifyContent: "flex-end" }}>
        <Button onClick={bulk}>{t("resourceCenter.batchApprove")}</Button>
      </Space>
      <Table<PendingRow>
        rowKey="id"
        loading={query.isLoading}
        dataSource={rows}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as string[]),
          getCheckboxProps: (r) => ({ disabled: !r.approve, "aria-label": r.appName }),
        }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: result?.data?.total ?? 0,
          pageSizeOptions: [10, 30, 50, 100, 200],
          showSizeChanger: true,
          onChange: (current, size) => setPage({ current, size }),
        }}
        columns={[
          { title: t("resourceCenter.fields.requester"), dataIndex: "userName", render: (n: string, r) => `${n}（${r.account}）` },
          { title: t("resourceCenter.fields.appName"), dataIndex: "appName" },
          { title: t("resourceCenter.fields.reason"), dataIndex: "reason" },
          { title: t("resourceCenter.fields.duration"), dataIndex: "durationDays", render: (d: number) => (d ? t("resourceCenter.days", { count: d }) : t("resourceCenter.permanent")) },
          {
            title: t("resourceCenter.fields.flow"),
            dataIndex: "flowName",
            render: (f: string, r) => (
              <>
                {f}
                {r.flow === "2" && <Tag style={{ marginLeft: 4 }}>{t("resourceCenter.step", { step: r.step })}</Tag>}
              </>
            ),
          },
          { title: t("resourceCenter.fields.holdings"), key: "holdings", render: (_, r) => <Holdings row={r} /> },
          { title: t("resourceCenter.fields.createTime"), dataIndex: "createTime" },
          {
            title: "",
            key: "actions",
            render: (_, r) => (
              <Space>
                {r.approve && (
                  <Button type="link" size="small" onClick={() => setDeciding({ action: "approve", ids: [r.id] })}>
                    {t("resourceCenter.approve")}
                  </Button>
                )}
                {r.reject && (
                  <Button type="link" size="small" danger onClick={() => setDeciding({ action: "reject", ids: [r.id] })}>
                    {t("resourceCenter.reject")}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal open={!!deciding} title={title} onOk={submit} confirmLoading={busy} onCancel={() => setDeciding(undefined)} destroyOnHidden>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="comment"
            label={t("resourceCenter.fields.comment")}
            rules={[{ required: deciding?.action === "reject", whitespace: true, message: t("resourceCenter.commentRequired") }, { max: 255 }]}
          >
            <Input.TextArea rows={3} maxLength={255} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
