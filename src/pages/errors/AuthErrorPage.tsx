import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import "../oauth/i18n";

/** /authError: the unified sign-in (/wel, /zf) did not succeed; the only way on is the login page. */
export default function AuthErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t("oauth.authErrorTitle"));
  return (
    <Result
      status="error"
      title={t("oauth.authErrorTitle")}
      subTitle={t("oauth.authErrorText")}
      extra={
        <Button type="primary" onClick={() => navigate("/login", { replace: true })}>
          {t("oauth.backToLogin")}
        </Button>
      }
    />
  );
}
