import { useEffect, useRef, useState, type ReactNode } from "react";
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

const buildList = (): SocialSource[] => website.socialSources.map((source) => ({ source, name: "" }));

/** Typing a tenant id changes the list: ask once the typing pauses, not at every key. */
const RELIST_DELAY_MS = 400;

/**
 * One button per provider `listTenant` offers (null while the tenant is not known yet): ask the
 * server, in the tenant chosen at the click, for the provider's authorise URL (render/{source})
 * and leave for it; the provider sends the browser back to /oauth/callback/{source}.
 */
export function SocialButtons({ getTenant, listTenant }: { getTenant: () => Promise<string>; listTenant: string | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  // The build's list at once; the tenant's (providers enabled in its 三方登录) when the server answers.
  const [sources, setSources] = useState<SocialSource[]>(buildList);
  const listed = useRef(false);
  useEffect(() => {
    if (!listTenant) return;
    let live = true;
    const relist = () => void fetchSocialSources(listTenant).then((found) => live && setSources(found ?? buildList()));
    const timer = listed.current ? setTimeout(relist, RELIST_DELAY_MS) : undefined;
    if (!timer) relist();
    listed.current = true;
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [listTenant]);
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
      const url = await fetchSocialUrl("render", source, tenantId);
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
