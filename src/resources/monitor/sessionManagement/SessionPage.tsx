import { Card } from "antd";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { PageTabs } from "../../../components/PageTabs";
import { useDocumentTitle } from "../../../components/useDocumentTitle";
import { SessionLogTable } from "./SessionLogTable";
import { SessionTable } from "./SessionTable";
import "./i18n";

const TABS = ["user", "app", "log"];

/**
 * 会话管理 (/sessionManagement/index): who is signed in to the console, which applications hold
 * sessions through the platform, and the sign-in history. Tabs mount on first open only, so each
 * list is fetched when it is looked at.
 */
export default function SessionPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("session.title"));
  // The tab is in the URL (?tab=app), beside the open list's own search and page.
  const [params, setParams] = useSearchParams();
  const tab = TABS.includes(params.get("tab") ?? "") ? params.get("tab")! : "user";
  return (
    <Card title={t("session.title")}>
      <PageTabs
        activeKey={tab}
        // Another tab's list starts afresh: the search and page of the one left do not apply to it.
        onChange={(key) => setParams({ tab: key })}
        destroyOnHidden
        items={[
          // Each list keeps its search and page in the URL; only the open tab's list is mounted.
          { key: "user", label: t("session.tabs.user"), children: <SessionTable kind="user" /> },
          { key: "app", label: t("session.tabs.app"), children: <SessionTable kind="app" /> },
          { key: "log", label: t("session.tabs.log"), children: <SessionLogTable /> },
        ]}
      />
    </Card>
  );
}
