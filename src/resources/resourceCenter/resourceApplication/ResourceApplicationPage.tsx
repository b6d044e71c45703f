import { useCustom } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Col, Empty, List, Popconfirm, Row, Skeleton, Table, Tag, Tree } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../../components/useDocumentTitle";
import { usePermission } from "../../../providers/access-control";
import { API } from "../../../../domain/contract/api";
import { AppIcon } from "../shared/AppCard";
import { STATE_COLORS, withdrawRequest, type Page, type RequestRow } from "../shared/api";
import { ApplyDialog } from "./ApplyDialog";
import "../shared/i18n";

interface DirApp {
  id: string;
  appName: string;
  icon: string;
  description: string;
  usable: boolean;
  pending: boolean;
}
interface DirNode {
  id: string;
  title: string;
  key: string;
  apps: DirApp[];
  children: DirNode[];
}

const flatten = (nodes: DirNode[]): DirNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

/**
 * 资源申请 (/resourceCenter/resourceApplication/index): the started directories with their
 * applications, 申请 on one the user cannot use yet, and the user's own requests with their
 * states and 撤回 while pending.
 */
export default function ResourceApplicationPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  useDocumentTitle(t("resourceCenter.resourceApplication"));
  const queryClient = useQueryClient();
  const mayApply = usePermission("resourceApplication_apply");
  const mayWithdraw = usePermission("resourceApplication_withdraw");
  const [selected, setSelected] = useState<string>();
  const [applying, setApplying] = useState<DirApp>();
  const [page, setPage] = useState({ current: 1, size: 10 });

  const tree = useCustom<DirNode[]>({ url: API.get("/authentication/resourceApplication/directories"), method: "get" });
  const dirs = useMemo(() => (Array.isArray(tree.result?.data) ? tree.result.data : []), [tree.result]);
  const dir = flatten(dirs).find((d) => d.id === selected);
  const mine = useCustom<Page<RequestRow>>({
    url: API.get("/authentication/resourceApplication/list"),
    method: "get",
    config: { query: { current: page.current, size: page.size } },
  });
  const rows = mine.result?.data?.records ?? [];
  const refresh = () => void queryClient.invalidateQueries();

  const withdraw = async (id: string) => {
    try {
      await withdrawRequest(id);
    } catch {
      return;
    }
    message.success(t("resourceCenter.withdrawDone"));
    refresh();
  };

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Card title={t("resourceCenter.directories")} size="small" style={{ marginBottom: 16 }}>
            {tree.query.isLoading ? (
              <Skeleton active />
            ) : dirs.length === 0 ? (
              <Empty description={t("resourceCenter.noDirectory")} />
            ) : (
              <Tree<DirNode> treeData={dirs} fieldNames={{ title: "title", key: "key", children: "children" }} defaultExpandAll selectedKeys={selected ? [selected] : []} onSelect={(keys) => setSelected(keys[0] as string | undefined)} />
            )}
          </Card>
        </Col>
        <Col xs={24} md={16}>
          <Card title={dir?.title ?? t("resourceCenter.resourceApplication")} size="small" style={{ marginBottom: 16 }}>
            {!dir ? (
              <Empty description={t("resourceCenter.pickDirectory")} />
            ) : (
              <List
                dataSource={dir.apps}
                locale={{ emptyText: <Empty /> }}
                renderItem={(app) => (
                  <List.Item
                    actions={[
                      app.usable ? (
                        <Tag key="s" color="success">{t("resourceCenter.usable")}</Tag>
                      ) : app.pending ? (
                        <Tag key="s" color="processing">{t("resourceCenter.applied")}</Tag>
                      ) : mayApply ? (
                        <Button key="s" type="primary" size="small" onClick={() => setApplying(app)} aria-label={`${t("resourceCenter.apply")} ${app.appName}`}>
                          {t("resourceCenter.apply")}
                        </Button>
                      ) : null,
                    ]}
                  >
                    <List.Item.Meta avatar={<AppIcon icon={app.icon} name={app.appName} />} title={app.appName} description={app.description} />
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
      </Row>
      <Card title={t("resourceCenter.myRequests")} size="small">
        <Table<RequestRow>
          rowKey="id"
          loading={mine.query.isLoading}
          dataSource={rows}
          pagination={{
            current: page.current,
            pageSize: page.size,
            total: mine.result?.data?.total ?? 0,
            pageSizeOptions: [10, 30, 50, 100, 200],
            showSizeChanger: true,
            onChange: (current, size) => setPage({ current, size }),
          }}
          columns={[
            { title: t("resourceCenter.fields.appName"), dataIndex: "appName" },
            { title: t("resourceCenter.fields.reason"), dataIndex: "reason", ellipsis: true },
            { title: t("resourceCenter.fields.duration"), dataIndex: "durationDays", render: (d: number) => (d ? t("resourceCenter.days", { count: d }) : t("resourceCenter.permanent")) },
            {
              title: t("resourceCenter.fields.state"),
              dataIndex: "state",
              render: (s: number, r) => (
                <Tag color={STATE_COLORS[s]}>
                  {t(`resourceCenter.state.${s}`)}
                  {s === 0 && r.flow === "2" ? ` · ${t("resourceCenter.step", { step: r.step })}` : ""}
                </Tag>
              ),
            },
            { title: t("resourceCenter.fields.comment"), dataIndex: "comment", render: (c: string, r) => c || r.firstComment || "-" },
            { title: t("resourceCenter.fields.createTime"), dataIndex: "createTime" },
            { title: t("resourceCenter.fields.endTime"), dataIndex: "endTime", render: (e: string, r) => (r.state === 1 || r.state === 4 ? e || t("resourceCenter.permanent") : "-") },
            {
              title: "",
              key: "actions",
              render: (_, r) =>
                r.state === 0 && mayWithdraw ? (
                  <Popconfirm title={t("resourceCenter.withdrawConfirm")} onConfirm={() => withdraw(r.id)}>
                    <Button type="link" size="small">
                      {t("resourceCenter.withdraw")}
                    </Button>
                  </Popconfirm>
                ) : null,
            },
          ]}
        />
      </Card>
      {applying && (
        <ApplyDialog
          app={applying}
          directoryId={dir?.id}
          onClose={() => setApplying(undefined)}
          onDone={() => {
            setApplying(undefined);
            refresh();
          }}
        />
      )}
    </>
  );
}
