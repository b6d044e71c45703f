import { useCustom } from "@refinedev/core";
import { Alert, Button, Drawer, Form, Input, Space, Steps, TreeSelect } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TreeNode } from "../../../../domain/contract";
import { useApiTree } from "../../../components/useApiTree";
import "./i18n";
import { API } from "../../../../domain/contract/api";

interface Step {
  key: string;
  ok: boolean;
  text: string;
}

interface Explanation {
  granted: boolean;
  steps: Step[];
}

type CodedNode = TreeNode & { code?: string; children?: CodedNode[] };

interface Option {
  title: string;
  value: string;
  children?: Option[];
}

const toOptions = (nodes: CodedNode[]): Option[] =>
  nodes.map((n) => ({ title: n.title, value: n.code ?? n.id, children: n.children?.length ? toOptions(n.children) : undefined }));

/**
 * 权限解释: why the chosen user can or cannot use a menu or button (and see a row of the table that
 * menu manages), answered by the server from the same checks it enforces (permission-explain).
 */
export function ExplainDrawer({ userId, name, onClose }: { userId: string; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const menus = useApiTree(API.get("/blade-system/menu/buttonMenuTree"));
  const [asked, setAsked] = useState<{ code: string; rowId?: string }>();
  const { query, result } = useCustom<Explanation>({
    url: API.get("/blade-user/permission-explain"),
    method: "get",
    config: { query: { userId, ...asked } },
    queryOptions: { enabled: !!asked, staleTime: 0, gcTime: 0 },
  });
  // Until an answer arrives refine hands out an empty object.
  const answer = asked && Array.isArray(result?.data?.steps) ? result.data : undefined;
  return (
    <Drawer open width={560} title={`${t("user.explain.title")} · ${name}`} onClose={onClose} destroyOnHidden>
      <Form
        layout="vertical"
        onFinish={(v: { code: string; rowId?: string }) => setAsked({ code: v.code, ...(v.rowId?.trim() ? { rowId: v.rowId.trim() } : {}) })}
      >
        <Form.Item name="code" label={t("user.explain.item")} rules={[{ required: true, message: t("user.explain.itemRequired") }]}>
          <TreeSelect treeData={toOptions(menus.tree as CodedNode[])} loading={menus.loading} showSearch treeNodeFilterProp="title" allowClear />
        </Form.Item>
        <Form.Item name="rowId" label={t("user.explain.row")} extra={t("user.explain.rowHint")}>
          <Input maxLength={20} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={query.isFetching}>
            {t("user.explain.ask")}
          </Button>
        </Space>
      </Form>
      {answer && (
        <div style={{ marginTop: 24 }}>
          <Alert
            showIcon
            type={answer.granted ? "success" : "error"}
            message={t(answer.granted ? "user.explain.granted" : "user.explain.denied")}
            style={{ marginBottom: 16 }}
          />
          <Steps
            direction="vertical"
            size="small"
            items={answer.steps.map((s) => ({
              title: t(`user.explain.steps.${s.key}`),
              description: s.text,
              status: s.ok ? "finish" : "error",
            }))}
          />
        </div>
      )}
    </Drawer>
  );
}
