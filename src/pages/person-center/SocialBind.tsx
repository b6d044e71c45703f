import { useEffect, useState } from "react";
import { App, Button, Divider, Space, Typography } from "antd";
import { LinkOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { website } from "../../config/website";
import { fetchSocialUrl } from "../../providers/auth/api";
import { getUserInfo } from "../../providers/auth/session";
import { browser, isHttpUrl } from "../../components/browser";
import { fetchSocialSources, type SocialSource } from "../login/social-sources";
import "./i18n";
import "../login/i18n";

/** The build's list (VITE_SOCIAL_SOURCES): what a server that cannot say (a BladeX gateway) gets. */
const buildList = (): SocialSource[] => website.socialSources.map((source) => ({ source, name: "" }));

/**
 * Binding a third-party account to the signed-in user (bind/{source} → the provider's page).
 * Only the providers the user's tenant really has (enabled in 三方登录, or configured on the
 * server): a button for a provider nobody configured could only fail. Nothing shows until the
 * server has answered.
 */
export function SocialBind() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const [sources, setSources] = useState<SocialSource[]>();
  useEffect(() => {
    let live = true;
    const tenantId = getUserInfo()?.tenant_id || website.tenantId;
    void fetchSocialSources(tenantId).then((found) => live && setSources(found ?? buildList()));
    return () => {
      live = false;
    };
  }, []);
  if (!sources || sources.length === 0) return null;

  const bind = async (source: string) => {
    setBusy(source);
    try {
      const url = await fetchSocialUrl("bind", source);
      // A server answer becomes a navigation: only a real http(s) address.
      if (isHttpUrl(url)) browser.assign(url);
      else message.error(t("login.social.failed"));
    } catch {
      // the request layer has shown the server's message
    } finally {
      setBusy(null);
    }
  };

  return (
    <div style={{ maxWidth: 480 }}>
      <Divider orientation="left" plain>
        {t("personCenter.bindTitle")}
      </Divider>
      <Typography.Paragraph type="secondary">{t("personCenter.bindHint")}</Typography.Paragraph>
      <Space wrap>
        {sources.map(({ source, name }) => (
          <Button key={source} icon={<LinkOutlined />} loading={busy === source} onClick={() => void bind(source)}>
            {t("personCenter.bind", { name: name || t(`login.social.sources.${source}`, { defaultValue: source }) })}
          </Button>
        ))}
      </Space>
    </div>
  );
}
