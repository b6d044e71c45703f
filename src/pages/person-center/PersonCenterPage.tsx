import { Card } from "antd";
import { useTranslation } from "react-i18next";
import { PageTabs } from "../../components/PageTabs";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { InfoTab } from "./InfoTab";
import { PasswordTab } from "./PasswordTab";
import "./i18n";

/** /personCenter/index (§2 personal profile): personal info and change password. */
export default function PersonCenterPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("personCenter.title"));
  return (
    <Card>
      <PageTabs
        items={[
          { key: "info", label: t("personCenter.infoTab"), children: <InfoTab /> },
          { key: "password", label: t("personCenter.passwordTab"), children: <PasswordTab /> },
        ]}
      />
    </Card>
  );
}
