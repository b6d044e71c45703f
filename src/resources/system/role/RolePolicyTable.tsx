import { useCustom } from "@refinedev/core";
import { Card, Table } from "antd";
import type { ColumnType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { clippedText, COLUMN_WIDTH, scrollWidth } from "../../../components/table-columns";
import { website } from "../../../config/website";
import type { Page } from "../../../../domain/contract";
import type { RolePolicyRow } from "../../../../domain/resources/system/role/contract";
import { API } from "../../../../domain/contract/api";

const COUNTS = ["menuCount", "buttonCount", "dataScopeCount", "apiScopeCount", "userCount"] as const;

/** 角色策略: a read-only page of the roles with a summary of their grants (rolePolicy/rolePolicyPage). */
export function RolePolicyTable({ categoryId }: { categoryId?: string }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState<number>(website.defaultPageSize);
  const { query, result } = useCustom<Page<RolePolicyRow>>({
    url: API.get("/blade-system/rolePolicy/rolePolicyPage"),
    method: "get",
    config: { query: { current, size, ...(categoryId ? { categoryId } : {}) } },
    queryOptions: { staleTime: 0 },
  });
  const page = result?.data;
  const columns: ColumnType<RolePolicyRow>[] = [
    { title: t("role.fields.roleName"), dataIndex: "roleName", ...clippedText(COLUMN_WIDTH.name) },
    { title: t("role.fields.roleAlias"), dataIndex: "roleAlias", ...clippedText(COLUMN_WIDTH.name) },
    { title: t("role.fields.categoryName"), dataIndex: "categoryName", ...clippedText(COLUMN_WIDTH.name) },
    // Every menu of the role, one line at a bounded width (whole in its tooltip): at max-content
    // it ran past the card.
    { title: t("role.policy.menuNames"), dataIndex: "menuNames", ...clippedText(COLUMN_WIDTH.long) },
    ...COUNTS.map((k) => ({ title: t(`role.policy.${k}`), dataIndex: k, align: "right" as const, width: 110 })),
  ];
  return (
    <Card title={t("role.views.policy")}>
      <Table<RolePolicyRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={Array.isArray(page?.records) ? page.records : []}
        loading={query.isFetching}
        scroll={{ x: scrollWidth(columns) }}
        locale={{ emptyText: t("common.empty") }}
        pagination={{
          current,
          pageSize: size,
          total: Number(page?.total ?? 0),
          showSizeChanger: true,
          pageSizeOptions: [...website.pageSizes],
          onChange: (c, s) => {
            setCurrent(s === size ? c : 1);
            setSize(s);
          },
        }}
      />
    </Card>
  );
}
