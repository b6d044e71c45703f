import { Card, Tabs } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../../components/useDocumentTitle";
import { SessionLogTable } from "./SessionLogTable";
import { SessionTable } from "./SessionTable";
import "./i18n";

/**
 * 会话管理 (/sessionManagement/index): who is signed in to the console, which applications hold
 * sessions through the platform, and the sign-in history. Tabs mount on first open only, so each
 * list is fetched when it is looked at.
 */
export default function SessionPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("session.title"));
  const [tab, setTab] = useState("user");
  return (
    <Card title={t("session.title")}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          // The first tab keeps its page and size in the URL; the others are secondary views.
          { key: "user", label: t("session.tabs.user"), children: <SessionTable kind="user" syncWithLocation /> },
          { key: "app", label: t("session.tabs.app"), children: <SessionTable kind="app" syncWithLocation={false} /> },
          { key: "log", label: t("session.tabs.log"), children: <SessionLogTable /> },
        ]}
      />
    </Card>
  );
}
