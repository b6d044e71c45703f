import { useCustom } from "@refinedev/core";
import { App, Button, Card, Col, Empty, Input, Result, Row, Skeleton } from "antd";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../../components/useDocumentTitle";
import { API } from "../../../../domain/contract/api";
import { AppCard } from "../shared/AppCard";
import { openApp, setCommon, type AppCardData } from "../shared/api";
import "../shared/i18n";

type Url = Parameters<typeof useCustom>[0]["url"];

/** One list of cards (常用应用, 最近添加, 全部应用) with its own loading, empty and failed states. */
function CardSection({ title, url, query, onChanged }: { title: string; url: Url; query?: Record<string, string>; onChanged: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { query: q, result } = useCustom<AppCardData[]>({ url, method: "get", config: { query } });
  const apps = Array.isArray(result?.data) ? result.data : [];
  const open = async (app: AppCardData) => {
    try {
      await openApp(app);
    } catch {
      // The refusal (no longer usable) is shown by the http layer; the list is stale, so reload it.
      onChanged();
    }
  };
  const pin = async (app: AppCardData) => {
    await setCommon(app.id, !app.common);
    message.success(app.common ? t("resourceCenter.unpin") : t("resourceCenter.pin"));
    onChanged();
  };
  let body;
  if (q.isLoading) body = <Skeleton active />;
  else if (q.isError)
    body = <Result status="warning" title={t("resourceCenter.loadFailed")} extra={<Button onClick={() => q.refetch()}>{t("resourceCenter.retry")}</Button>} />;
  else if (apps.length === 0) body = <Empty />;
  else
    body = (
      <Row gutter={[12, 12]}>
        {apps.map((app) => (
          <Col key={app.id} xs={24} sm={12} md={8} lg={6}>
            <AppCard app={app} onOpen={() => open(app)} onPin={() => pin(app)} />
          </Col>
        ))}
      </Row>
    );
  return (
    <Card title={title} size="small" style={{ marginBottom: 16 }} role="region" aria-label={title}>
      {body}
    </Card>
  );
}

/**
 * 我的应用 (/resourceCenter/myApplication/index): the applications the user may use, as cards —
 * pinned ones, recently added ones, and all of them, searchable. 打开 records the visit first
 * (the server refuses an application the user may no longer use) and then opens it.
 */
export default function MyApplicationPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("resourceCenter.myApplication"));
  const [name, setName] = useState("");
  // After a pin or a refused visit every section reads afresh.
  const queryClient = useQueryClient();
  const changed = () => void queryClient.invalidateQueries();
  return (
    <div>
      <Input.Search
        allowClear
        aria-label={t("resourceCenter.searchApp")}
        placeholder={t("resourceCenter.searchApp")}
        onSearch={(v) => setName(v.trim())}
        style={{ maxWidth: 360, marginBottom: 16 }}
      />
      {name === "" && (
        <>
          <CardSection title={t("resourceCenter.common")} url={API.get("/authentication/common-application/list")} onChanged={changed} />
          <CardSection title={t("resourceCenter.recent")} url={API.get("/authentication/myApplication/newlist")} onChanged={changed} />
        </>
      )}
      <CardSection title={t("resourceCenter.all")} url={API.get("/authentication/myApplication/list")} query={name ? { appName: name } : {}} onChanged={changed} />
    </div>
  );
}
