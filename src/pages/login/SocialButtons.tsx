import { useEffect, useState, type ReactNode } from "react";
import { App, Button, Divider, Space } from "antd";
import { GithubOutlined, LoginOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { website } from "../../config/website";
import { fetchSocialUrl } from "../../providers/auth/api";
import { fetchSocialSources, type SocialSource } from "./social-sources";
import { browser, isHttpUrl } from "../../components/browser";
import { rememberSocialTenant } from "./sign-in";
import "./i18n";

const icons: Record<string, ReactNode> = { github: <GithubOutlined /> };

/**
 * One button per configured provider: ask the server for the provider's authorise URL
 * (render/{source}) and leave for it; the provider sends the browser back to /oauth/callback/{source}.
 */
export function SocialButtons({ getTenant }: { getTenant: () => Promise<string> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  // The build's list at once; the server's (providers enabled in 三方登录) when it answers.
  const [sources, setSources] = useState<SocialSource[]>(() => website.socialSources.map((source) => ({ source, name: "" })));
  useEffect(() => {
    let live = true;
    void fetchSocialSources().then((found) => live && found && setSources(found));
    return () => {
      live = false;
    };
  }, []);
  if (sources.length === 0) return null;

  const go = async (source: string) => {
    let tenantId: string;
    try {
      tenantId = await getTenant();
    } catch {
      return;
    }
    setBusy(source);
    try {
      const url = await fetchSocialUrl("render", source);
      // The answer becomes a navigation target: only a real http(s) address, never javascript: or a relative trick.
      if (!isHttpUrl(url)) {
        message.error(t("login.social.failed"));
        return;
      }
      rememberSocialTenant(tenantId);
      browser.assign(url);
    } catch {
      // the request layer has shown the server's message
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Divider plain>{t("login.social.title")}</Divider>
      <Space wrap style={{ width: "100%", justifyContent: "center" }}>
        {sources.map(({ source, name }) => (
          <Button key={source} icon={icons[source] ?? <LoginOutlined />} loading={busy === source} onClick={() => void go(source)}>
            {name || t(`login.social.sources.${source}`, { defaultValue: source })}
          </Button>
        ))}
      </Space>
    </>
  );
}
