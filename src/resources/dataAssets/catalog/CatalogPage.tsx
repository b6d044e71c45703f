import { useCustom } from "@refinedev/core";
import { Alert, Card, Col, Empty, Row, Spin, Table, Tree } from "antd";
import type { DataNode } from "antd/es/tree";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import "../shared/i18n";
import { API } from "../../../../domain/contract/api";

interface Node {
  id: string;
  title: string;
  children: Node[];
}
interface CatalogTable {
  name: string;
  comment: string;
  columns: { name: string; type: string; comment: string }[];
}

const SPECIAL = new Set(["all", "all_table", "all_view"]);
// refine answers an empty object until the call has returned.
const listOf = <T,>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

export default function CatalogPage() {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const tree = useCustom<Node[]>({ url: API.get("/blade-sample/catalog/tree"), method: "get" });
  const columns = useCustom<CatalogTable[]>({ url: API.get("/blade-sample/catalog/columns"), method: "get" });
  const toData = (n: Node): DataNode => ({
    key: n.id,
    // The special nodes are named in the locale; table names are shown as they are.
    title: SPECIAL.has(n.id) ? t(`sample.nodes.${n.id}`) : n.title,
    children: n.children.map(toData),
  });
  const nodes = listOf<Node>(tree.result?.data).map(toData);
  const table = listOf<CatalogTable>(columns.result?.data).find((x) => x.name === chosen);
  return (
    <Card>
      <Alert type="info" showIcon message={t("sample.notice")} style={{ marginBottom: 16 }} />
      <Row gutter={16}>
        <Col span={6}>
          <Card size="small" title={t("sample.catalog")}>
            {tree.query.isLoading ? (
              <Spin />
            ) : (
              <Tree treeData={nodes} defaultExpandAll onSelect={(keys) => setChosen(keys[0] && !SPECIAL.has(String(keys[0])) ? String(keys[0]) : null)} />
            )}
          </Card>
        </Col>
        <Col span={18}>
          <Card size="small" title={table ? `${table.name} · ${table.comment}` : t("sample.columns")}>
            {table ? (
              <Table
                rowKey="name"
                size="small"
                pagination={false}
                dataSource={table.columns}
                columns={["name", "type", "comment"].map((k) => ({ title: t(`sample.fields.${k}`), dataIndex: k, key: k }))}
              />
            ) : (
              <Empty description={t("sample.chooseTable")} />
            )}
          </Card>
        </Col>
      </Row>
    </Card>
  );
}
