import { useState } from "react";
import { App, Button, Divider, Space, Typography } from "antd";
import { LinkOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { website } from "../../config/website";
import { fetchSocialUrl } from "../../providers/auth/api";
import { browser, isHttpUrl } from "../../components/browser";
import "./i18n";
import "../login/i18n";

/** Binding a third-party account to the signed-in user (bind/{source} → the provider's page). */
export function SocialBind() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  if (website.socialSources.length === 0) return null;

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
        {website.socialSources.map((source) => (
          <Button key={source} icon={<LinkOutlined />} loading={busy === source} onClick={() => void bind(source)}>
            {t("personCenter.bind", { name: t(`login.social.sources.${source}`, { defaultValue: source }) })}
          </Button>
        ))}
      </Space>
    </div>
  );
}
