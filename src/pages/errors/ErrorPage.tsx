import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { website } from "../../config/website";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import "./i18n";

type Status = "403" | "404" | "500";

/** The static error routes of §2: /404, /403 and /500. */
export default function ErrorPage({ status }: { status: Status }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(status);
  return (
    <Result
      status={status}
      title={status}
      subTitle={t(`errorPage.${status}`)}
      extra={
        <Button type="primary" onClick={() => navigate(website.firstPage.path)}>
          {t("errorPage.backHome")}
        </Button>
      }
    />
  );
}
