import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../components/LoadError";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { safeLocalPath } from "../login/sign-in";

/** /err-page: the generic load-error page; `?redirect=` names the page to reload (same-origin paths only). */
export default function LoadErrorPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  useDocumentTitle(t("routeGuard.loadErrorTitle"));
  return <LoadError reloadTo={safeLocalPath(query.get("redirect")) ?? "/"} />;
}
