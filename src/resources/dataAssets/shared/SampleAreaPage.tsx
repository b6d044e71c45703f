import { CodeOutlined } from "@ant-design/icons";
import { List } from "@refinedev/antd";
import { useCustom, type CrudFilter } from "@refinedev/core";
import { Alert, Button, Card, Col, Row, Statistic } from "antd";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageTabs } from "../../../components/PageTabs";
import { ListToolbar } from "../../../components/resource/ListToolbar";
import type { Page } from "../../../../domain/contract";
import { findTrail } from "../../../layout/menu-tree";
import "../../../layout/menu-i18n";
import { useMenu } from "../../../providers/auth/menu-store";
import { SAMPLE_PROVIDER } from "../../../providers/sample-rest";
import type { SampleArea, SampleFilter, SampleSection, SampleStat } from "../../../../domain/resources/dataAssets/sample/areas";
import { approvalColumns, projectColumns, viewRecordColumns } from "./columns";
import { SampleMenuTable } from "./SampleMenuTable";
import { SampleTable } from "./SampleTable";
import "./i18n";
import { API } from "../../../../domain/contract/api";

const IDE_PATH = "/dataFactory/ide/ide";
const STAT_URL = { projects: API.get("/blade-sample/project/page"), approvals: API.get("/blade-sample/approval/page") } as const;

const eq = (filters: SampleFilter[] = []): CrudFilter[] => filters.map((f) => ({ field: f.field, operator: "eq", value: f.value }));

function StatCard({ stat }: { stat: SampleStat }) {
  const { t } = useTranslation();
  const query = Object.fromEntries((stat.filters ?? []).map((f) => [f.field, f.value]));
  const { result, query: q } = useCustom<Page<unknown>>({ url: STAT_URL[stat.kind], method: "get", config: { query: { ...query, size: 1 } } });
  const total = (result?.data as Page<unknown> | undefined)?.total;
  return (
    <Card size="small">
      <Statistic title={t(`sample.stats.${stat.title}`, { defaultValue: stat.title })} value={q.isError ? "-" : (total ?? "-")} loading={q.isLoading} />
    </Card>
  );
}

function Section({ area, section, t, toolbar }: { area: SampleArea; section: SampleSection; t: TFunction; toolbar?: ReactNode }) {
  const common = { search: section.search, permanent: eq(section.permanent), toolbar };
  switch (section.kind) {
    case "projects":
      // One resource name per page and section: each keeps its own paging and search.
      return <SampleTable {...common} resource="projects" dataProviderName={SAMPLE_PROVIDER} columns={projectColumns(t)} board={section.board} />;
    case "approvals":
      return <SampleTable {...common} resource={`${area.code}-approvals`} meta={{ api: API.base("/blade-sample/approval") }} columns={approvalColumns(t)} />;
    case "viewRecords":
      return (
        <SampleTable
          {...common}
          resource={`${area.code}-view-records`}
          meta={{ api: API.base("/blade-sample/view-record"), endpoints: { list: "list" } }}
          columns={viewRecordColumns(t)}
        />
      );
    case "menus":
      return <SampleMenuTable />;
  }
}

/** A sample top-level page of §2: its figures, then its sample lists (tabs when more than one). */
export function SampleAreaPage({ area }: { area: SampleArea }) {
  const { t } = useTranslation();
  const sections = area.sections ?? [];
  const canOpenIde = findTrail(useMenu(), IDE_PATH).length > 0;
  const ideLink = area.ide && canOpenIde && (
    <Link to={IDE_PATH}>
      <Button icon={<CodeOutlined />}>{t("menuName.ide")}</Button>
    </Link>
  );
  // The page's link to the IDE sits where every list keeps its actions: the toolbar over its table
  // (over the tabs when the page has several lists).
  const ownToolbar = sections.length === 1 && sections[0].kind !== "menus";
  return (
    <List breadcrumb={false} canCreate={false} title={t(`menuName.${area.code}`, { defaultValue: area.name })}>
      <Alert type="info" showIcon message={t("sample.notice")} style={{ marginBottom: 12 }} />
      {area.stats && (
        <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
          {area.stats.map((s) => (
            <Col key={s.title} xs={24} sm={12} lg={24 / area.stats!.length}>
              <StatCard stat={s} />
            </Col>
          ))}
        </Row>
      )}
      {ideLink && !ownToolbar && <ListToolbar>{ideLink}</ListToolbar>}
      {sections.length === 1 ? (
        <Section area={area} section={sections[0]} t={t} toolbar={(ownToolbar && ideLink) || undefined} />
      ) : (
        <PageTabs
          items={sections.map((s) => ({
            key: s.title,
            label: t(`sample.sections.${s.title}`),
            children: <Section area={area} section={s} t={t} />,
          }))}
        />
      )}
    </List>
  );
}
