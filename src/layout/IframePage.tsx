import { Result } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { safeFrameUrl } from "./iframe-path";
import { useMenuName } from "./menu-name";
import "./i18n";

/**
 * The embedded frame of URL and html menu items (`/myiframe/urlPath?src=…`). Same-origin content
 * gets no `allow-same-origin`: together with `allow-scripts` it could lift its own sandbox and
 * reach the console's storage (tokens).
 */
export default function IframePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const url = safeFrameUrl(params.get("src"));
  // The frame route carries its menu item's fields (toIframePath), so its name translates too.
  const field = (key: string) => params.get(key) ?? undefined;
  const name = useMenuName()({ code: field("code"), alias: field("alias"), name: field("name") });
  useDocumentTitle(name || undefined);

  if (!url) return <Result status="warning" title={t("layout.iframe.invalid")} />;
  const foreign = url.origin !== window.location.origin;
  const sandbox = ["allow-scripts", "allow-forms", "allow-popups", "allow-downloads", ...(foreign ? ["allow-same-origin"] : [])];

  return (
    <iframe
      key={url.href}
      src={url.href}
      title={name || url.href}
      sandbox={sandbox.join(" ")}
      referrerPolicy="no-referrer"
      style={{ width: "100%", height: "calc(100vh - 150px)", border: 0, display: "block" }}
    />
  );
}
