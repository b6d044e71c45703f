import { useGetIdentity } from "@refinedev/core";
import { Card, Col, Descriptions, Empty, Row, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { website } from "../../config/website";
import { useMenu } from "../../providers/auth/menu-store";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { AuthAvatar } from "../../components/AuthAvatar";
import { flatten, isExternal } from "../../layout/menu-tree";
import { useMenuName } from "../../layout/menu-name";
import { MenuLink } from "../menu-page/MenuLink";
import "./i18n";

interface Identity {
  name?: string;
  avatar?: string;
  account?: string;
  tenantId?: string;
  roleName?: string;
}

/** The home page (/workbench/index): who is signed in and shortcuts to the pages they may open. */
export default function WorkbenchPage() {
  const { t } = useTranslation();
  const { data: me } = useGetIdentity<Identity>();
  const menu = useMenu();
  const nameOf = useMenuName();
  useDocumentTitle(t("workbench.title"));
  const pages = flatten(menu).filter((n) => !n.children?.length && n.path && n.path !== website.firstPage.path && !isExternal(n));

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <Card>
          <Card.Meta
            avatar={<AuthAvatar size={56} src={me?.avatar} fallback={website.defaultAvatar} alt="" />}
            title={<Typography.Title level={4} style={{ margin: 0 }}>{t("workbench.greeting", { name: me?.name ?? "" })}</Typography.Title>}
            description={t("workbench.subtitle")}
          />
          <Descriptions column={1} size="small" style={{ marginTop: 16 }}>
            <Descriptions.Item label={t("workbench.account")}>{me?.account}</Descriptions.Item>
            <Descriptions.Item label={t("workbench.tenant")}>{me?.tenantId}</Descriptions.Item>
            <Descriptions.Item label={t("workbench.role")}>{me?.roleName}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card title={t("workbench.shortcuts")}>
          {pages.length === 0 ? (
            <Empty description={t("common.empty")} />
          ) : (
            <Row gutter={[12, 12]}>
              {pages.map((p) => (
                <Col key={p.id} xs={12} md={8} xl={6}>
                  <MenuLink node={p}>
                    <Card size="small" hoverable styles={{ body: { textAlign: "center" } }}>{nameOf(p)}</Card>
                  </MenuLink>
                </Col>
              ))}
            </Row>
          )}
        </Card>
      </Col>
    </Row>
  );
}
