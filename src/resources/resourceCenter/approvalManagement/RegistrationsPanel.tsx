import { useCustom } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Form, Input, Modal, Space, Table, Tag, TreeSelect } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LazyTreeSelect } from "../../../components/LazyTreeSelect";
import { useApiTree } from "../../../components/useApiTree";
import { http } from "../../../providers/http";
import { API } from "../../../../domain/contract/api";
import type { TreeNode } from "../../../../domain/contract";
import type { Page } from "../shared/api";
import "./registrations-i18n";

/** A self-registration awaiting an administrator (server/modules/resource-center/registrations.ts). */
interface Registration {
  id: string;
  account: string;
  realName: string;
  phone: string;
  email: string;
  createTime: string;
  sources: string[];
}

interface ApproveValues {
  roleIds?: string[];
  deptId?: string;
}

const approve = (ids: string[], v: ApproveValues) =>
  http.post(API.post("/authentication/approvalManagement/registrations/approve"), { ids, roleIds: v.roleIds ?? [], deptId: v.deptId ?? "" });
const reject = (ids: string[]) => http.post(API.post("/authentication/approvalManagement/registrations/reject"), { ids });

interface TreeOption {
  title: string;
  value: string;
  children?: TreeOption[];
}
const treeData = (nodes: TreeNode[]): TreeOption[] =>
  nodes.map((n) => ({ title: n.title, value: n.id, children: n.children?.length ? treeData(n.children) : undefined }));

/** 通过: optional roles (default 普通用户, decided by the server) and department for the accounts chosen. */
function ApproveDialog({ ids, onClose }: { ids: string[]; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ApproveValues>();
  const [busy, setBusy] = useState(false);
  const roles = useApiTree(API.get("/blade-system/role/tree"));
  const submit = async (values: ApproveValues) => {
    setBusy(true);
    try {
      await approve(ids, values);
      onClose(true);
    } catch {
      // The server's message is shown by the http layer; the dialog stays open to try again.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t("resourceCenter.registrations.approveTitle", { count: ids.length })} confirmLoading={busy} onOk={() => form.submit()} onCancel={() => onClose(false)} destroyOnHidden>
      <Alert type="info" showIcon message={t("resourceCenter.registrations.approveHint")} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" name="registration-approve" onFinish={submit}>
        <Form.Item name="roleIds" label={t("resourceCenter.registrations.roles")}>
          <TreeSelect
            treeData={treeData(roles.tree)}
            loading={roles.loading}
            multiple
            treeDefaultExpandAll
            allowClear
            showSearch
            treeNodeFilterProp="title"
            placeholder={t("resourceCenter.registrations.rolesPlaceholder")}
          />
        </Form.Item>
        <Form.Item name="deptId" label={t("resourceCenter.registrations.dept")}>
          <LazyTreeSelect
            levelUrl={API.get("/blade-system/dept/lazy-tree")}
            searchUrl={API.get("/blade-system/dept/lazy-list")}
            searchField="deptName"
            placeholder={t("resourceCenter.registrations.deptPlaceholder")}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 注册审批: the self-registrations of §4 awaiting an administrator — 通过 enables the accounts
 * (with the roles and department chosen), 驳回 deletes them after a confirmation; both one by one
 * or for the rows selected. Shown only to holders of 通过 (ApprovalPage).
 */
export default function RegistrationsPanel() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [filters, setFilters] = useState<{ account?: string; realName?: string }>({});
  const [selected, setSelected] = useState<string[]>([]);
  const [approving, setApproving] = useState<string[]>();
  const [search] = Form.useForm<{ account?: string; realName?: string }>();
  const { query, result } = useCustom<Page<Registration>>({
    url: API.get("/authentication/approvalManagement/registrations"),
    method: "get",
    config: { query: { current: page.current, size: page.size, ...filters } },
  });
  const rows = result?.data?.records ?? [];

  const decided = (text: string) => {
    message.success(text);
    setSelected([]);
    void queryClient.invalidateQueries();
  };
  const confirmReject = (ids: string[]) =>
    modal.confirm({
      title: t("resourceCenter.registrations.rejectTitle"),
      content: t("resourceCenter.registrations.rejectConfirm", { count: ids.length }),
      okButtonProps: { danger: true },
      onOk: async () => {
        await reject(ids);
        decided(t("resourceCenter.registrations.rejected"));
      },
    });
  /** Bulk buttons act on the selection, and ask for one first. */
  const onSelection = (act: (ids: string[]) => void) => () => (selected.length ? act(selected) : void message.warning(t("resourceCenter.selectFirst")));

  return (
    <>
      <Space wrap style={{ marginBottom: 16, width: "100%", justifyContent: "space-between" }}>
        <Form
          form={search}
          layout="inline"
          name="registration-search"
          onFinish={(v) => {
            setFilters({ account: v.account?.trim() || undefined, realName: v.realName?.trim() || undefined });
            setPage((p) => ({ ...p, current: 1 }));
          }}
        >
          <Form.Item name="account" label={t("resourceCenter.registrations.account")}>
            <Input allowClear maxLength={45} />
          </Form.Item>
          <Form.Item name="realName" label={t("resourceCenter.registrations.realName")}>
            <Input allowClear maxLength={20} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t("common.search")}
            </Button>
            <Button
              onClick={() => {
                search.resetFields();
                setFilters({});
              }}
            >
              {t("resourceCenter.registrations.reset")}
            </Button>
          </Space>
        </Form>
        <Space>
          <Button onClick={onSelection(setApproving)}>{t("resourceCenter.registrations.batchApprove")}</Button>
          <Button danger onClick={onSelection(confirmReject)}>
            {t("resourceCenter.registrations.batchReject")}
          </Button>
        </Space>
      </Space>
      <Table<Registration>
        rowKey="id"
        loading={query.isLoading}
        dataSource={rows}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]), getCheckboxProps: (r) => ({ disabled: false, "aria-label": r.account }) }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: result?.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (current, size) => setPage({ current, size }),
        }}
        columns={[
          { title: t("resourceCenter.registrations.account"), dataIndex: "account" },
          { title: t("resourceCenter.registrations.realName"), dataIndex: "realName" },
          { title: t("resourceCenter.registrations.phone"), dataIndex: "phone" },
          { title: t("resourceCenter.registrations.email"), dataIndex: "email" },
          { title: t("resourceCenter.registrations.createTime"), dataIndex: "createTime" },
          { title: t("resourceCenter.registrations.source"), dataIndex: "sources", render: (s: string[]) => s.map((x) => <Tag key={x}>{x}</Tag>) },
          {
            title: "",
            key: "actions",
            render: (_, r) => (
              <Space>
                <Button type="link" size="small" onClick={() => setApproving([r.id])}>
                  {t("resourceCenter.approve")}
                </Button>
                <Button type="link" size="small" danger onClick={() => confirmReject([r.id])}>
                  {t("resourceCenter.reject")}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {approving && (
        <ApproveDialog
          ids={approving}
          onClose={(done) => {
            setApproving(undefined);
            if (done) decided(t("resourceCenter.registrations.approved"));
          }}
        />
      )}
    </>
  );
}
