import { useCallback, useEffect, useState } from "react";
import { Badge, Button, Card, Descriptions, Space } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { website } from "../../config/website";
import { http } from "../../providers/http";
import { getAccessToken } from "../../providers/auth/session";
import { setLanguage, useLanguage } from "../../providers/i18n";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import "./i18n";

type Health = { state: "checking" } | { state: "ok"; ms: number } | { state: "down"; reason: string };

/** The version the page was built with (index.html's version meta); unknown when not substituted. */
export function pageVersion(): string | null {
  const v = document.querySelector('meta[name="version"]')?.getAttribute("content")?.trim();
  return v && !v.startsWith("%") ? v : null;
}

/** /test: what support asks first: which version, is the API reachable, which language and modes. */
export default function DiagnosticsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useLanguage();
  const [health, setHealth] = useState<Health>({ state: "checking" });
  useDocumentTitle(t("diagnostics.title"));

  const check = useCallback(async () => {
    setHealth({ state: "checking" });
    const started = performance.now();
    try {
      await http.get("/health", { silent: true, meta: { isToken: false }, timeout: 10_000 });
      setHealth({ state: "ok", ms: Math.round(performance.now() - started) });
    } catch (e) {
      setHealth({ state: "down", reason: e instanceof Error ? e.message : String(e) });
    }
  }, []);

  useEffect(() => {
    void check();
  }, [check]);

  const onOff = (v: boolean) => t(v ? "diagnostics.on" : "diagnostics.off");
  const apiStatus =
    health.state === "checking" ? (
      <Badge status="processing" text={t("diagnostics.checking")} />
    ) : health.state === "ok" ? (
      <Badge status="success" text={t("diagnostics.healthy", { ms: health.ms })} />
    ) : (
      <Badge status="error" text={t("diagnostics.unhealthy", { reason: health.reason })} />
    );

  return (
    <main style={{ maxWidth: 720, margin: "48px auto", padding: "0 16px" }}>
      <Card
        title={t("diagnostics.title")}
        extra={
          <Space>
            <Button onClick={() => void check()} loading={health.state === "checking"}>{t("diagnostics.recheck")}</Button>
            <Button type="primary" onClick={() => navigate("/login")}>{t("diagnostics.toLogin")}</Button>
          </Space>
        }
      >
        <Descriptions column={1} bordered size="small" styles={{ label: { width: 150, whiteSpace: "nowrap" } }}>
          <Descriptions.Item label={t("diagnostics.version")}>{pageVersion() ?? t("diagnostics.unknown")}</Descriptions.Item>
          <Descriptions.Item label={t("diagnostics.api")}>{apiStatus}</Descriptions.Item>
          <Descriptions.Item label={t("diagnostics.apiBase")}>{website.apiBase || "/"}</Descriptions.Item>
          <Descriptions.Item label={t("diagnostics.language")}>
            <Space>
              <span>{language === "zh" ? "简体中文 (zh)" : "English (en)"}</span>
              <Button size="small" type="link" onClick={() => void setLanguage(language === "zh" ? "en" : "zh")}>
                {language === "zh" ? "English" : "简体中文"}
              </Button>
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t("diagnostics.modes")}>
            {`${t("diagnostics.tenantMode")}: ${onOff(website.tenantMode)} · ${t("diagnostics.captchaMode")}: ${onOff(website.captchaMode)} · ${t("diagnostics.switchMode")}: ${onOff(website.switchMode)}`}
          </Descriptions.Item>
          <Descriptions.Item label={t("diagnostics.signedIn")}>{t(getAccessToken() ? "diagnostics.yes" : "diagnostics.no")}</Descriptions.Item>
          <Descriptions.Item label={t("diagnostics.screen")}>{`${window.innerWidth} × ${window.innerHeight}`}</Descriptions.Item>
          <Descriptions.Item label={t("diagnostics.browser")}>{navigator.userAgent}</Descriptions.Item>
        </Descriptions>
      </Card>
    </main>
  );
}
