import { Navigate, useSearchParams } from "react-router";
import { Spin } from "antd";
import { useTranslation } from "react-i18next";
import { website } from "../../config/website";
import { getAccessToken } from "../../providers/auth/session";
import { RegistrationDialog } from "../register/RegistrationDialog";
import { useSocialSignIn } from "../oauth/useSocialSignIn";
import { landingPath } from "../login/sign-in";
import "../oauth/i18n";

/**
 * /wel: the unified sign-in landing (§2). The unified identity provider sends the browser here
 * with a `code` (OAuth2) or a `ticket` (CAS style); both are exchanged through the social grant.
 */
export default function WelPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const code = query.get("code") || query.get("ticket") || "";
  const source = query.get("source") || website.unifiedSource;
  const result = useSocialSignIn(code ? { source, code, state: query.get("state") ?? "", tenantId: query.get("tenantId") } : null);

  // Nothing to exchange: a signed-in user simply goes home, anyone else has nothing to sign in with.
  if (!code) return <Navigate to={getAccessToken() ? website.firstPage.path : "/authError"} replace />;
  if (result.status === "signedIn") return <Navigate to={landingPath()} replace />;
  if (result.status === "failed") return <Navigate to="/authError" replace />;
  if (result.status === "register") return <RegistrationDialog />;
  return (
    <div style={{ display: "flex", minHeight: "60vh", alignItems: "center", justifyContent: "center" }}>
      <Spin size="large" tip={t("oauth.signingIn")}>
        <div style={{ padding: 48 }} />
      </Spin>
    </div>
  );
}
