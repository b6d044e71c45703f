import { useEffect } from "react";
import { Navigate, useLocation } from "react-router";
import { Spin } from "antd";
import { useTranslation } from "react-i18next";
import { website } from "../../config/website";
import { browser } from "../../components/browser";
import { allowedAuthUrl } from "./auth-url";
import "../oauth/i18n";

/** /zf: forwards to the address after `authUrl=` when its origin is allowed, else the sign-in error page. */
export default function ZfPage() {
  const { t } = useTranslation();
  const { search, hash } = useLocation();
  const target = allowedAuthUrl(`${search}${hash}`, website.redirectAllowList);

  useEffect(() => {
    if (target) browser.replace(target);
  }, [target]);

  if (!target) return <Navigate to="/authError" replace />;
  return (
    <div style={{ display: "flex", minHeight: "60vh", alignItems: "center", justifyContent: "center" }}>
      <Spin size="large" tip={t("oauth.redirecting")}>
        <div style={{ padding: 48 }} />
      </Spin>
    </div>
  );
}
