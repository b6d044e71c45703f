import { Button, Card, Col, Result, Row } from "antd";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation, useNavigate } from "react-router";
import { website } from "../../config/website";
import { useMenu } from "../../providers/auth/menu-store";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { findTrail } from "../../layout/menu-tree";
import { useMenuName } from "../../layout/menu-name";
import { MenuLink } from "./MenuLink";
import "./i18n";

/**
 * The catch-all inside the signed-in layout (§2 dynamic routes). A path of the user's menu tree
 * that no resource implements is never a dead end: a group lists its pages, a leaf says it is not
 * available yet. Any other path is unknown → /404.
 */
export default function MenuPathPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const nameOf = useMenuName();
  const node = findTrail(useMenu(), pathname).at(-1);
  useDocumentTitle(node && nameOf(node));

  if (!node) return <Navigate to="/404" replace />;
  const pages = (node.children ?? []).filter((c) => c.category !== 2 && c.path);
  if (pages.length) {
    return (
      <Card title={nameOf(node)}>
        <Row gutter={[12, 12]}>
          {pages.map((p) => (
            <Col key={p.id} xs={12} md={8} xl={6}>
              <MenuLink node={p}>
                <Card size="small" hoverable styles={{ body: { textAlign: "center" } }}>{nameOf(p)}</Card>
              </MenuLink>
            </Col>
          ))}
        </Row>
      </Card>
    );
  }
  return (
    <Result
      status="info"
      title={nameOf(node)}
      subTitle={t("menuPage.notAvailable")}
      extra={
        <Button type="primary" onClick={() => navigate(website.firstPage.path)}>
          {t("menuPage.backHome")}
        </Button>
      }
    />
  );
}
