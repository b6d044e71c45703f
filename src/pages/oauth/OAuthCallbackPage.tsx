import { useEffect } from "react";
import { App, Button, Result, Spin } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { RegistrationDialog } from "../register/RegistrationDialog";
import { getSocialTenant, takeIntendedPath } from "../login/sign-in";
import { useSocialSignIn } from "./useSocialSignIn";
import "./i18n";

/**
 * /oauth/callback/{source}: the provider sends the browser back here with `code` and `state`.
 * Signs in with the social grant; a first third-party sign-in (no valid user id) gets the
 * registration dialog; a failure shows the server's error_description.
 */
export default function OAuthCallbackPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { source = "" } = useParams();
  const [query] = useSearchParams();
  const code = query.get("code") ?? "";
  const result = useSocialSignIn(source && code ? { source, code, state: query.get("state") ?? "", tenantId: getSocialTenant() } : null);
  useDocumentTitle(t("login.title"));

  useEffect(() => {
    if (result.status === "signedIn") navigate(takeIntendedPath(), { replace: true });
    if (result.status === "failed" && result.error) message.error(result.error);
  }, [result, navigate, message]);

  if (result.status === "register") return <RegistrationDialog />;
  if (result.status === "failed") {
    return (
      <Result
        status="error"
        title={t("oauth.failedTitle")}
        subTitle={result.error || query.get("error_description") || t("oauth.missingCode")}
        extra={
          <Button type="primary" onClick={() => navigate("/login", { replace: true })}>
            {t("oauth.backToLogin")}
          </Button>
        }
      />
    );
  }
  return (
    <div style={{ display: "flex", minHeight: "60vh", alignItems: "center", justifyContent: "center" }}>
      <Spin size="large" tip={t("oauth.signingIn")}>
        <div style={{ padding: 48 }} />
      </Spin>
    </div>
  );
}
