import { useGetIdentity } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import { Card, Col, Descriptions, Row, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { website } from "../../config/website";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { AuthAvatar } from "../../components/AuthAvatar";
import { NoticeCard } from "./NoticeCard";
import { ProjectsCard } from "./ProjectsCard";
import { ShortcutsCard } from "./ShortcutsCard";
import { TaskStatCard } from "./TaskStatCard";
import { workbenchCalls } from "./calls";
import "./i18n";

interface Identity {
  name?: string;
  avatar?: string;
  account?: string;
  tenantId?: string;
  roleId?: string;
}

/**
 * The home page (/workbench/index): who is signed in, the task-run statistics (§2), the user's
 * own shortcuts (common and fixed, kept per user on the server), their sign-in notices and their
 * projects with the projects' administrators.
 */
export default function WorkbenchPage() {
  const { t } = useTranslation();
  const { data: me } = useGetIdentity<Identity>();
  useDocumentTitle(t("workbench.title"));
  // Keyed by the roles in force: a switch of role (§4) names the new ones.
  const inForce = (me?.roleId ?? "").split(",").filter(Boolean);
  const roles = useQuery({ queryKey: ["workbench", "roles", me?.roleId ?? ""], queryFn: () => workbenchCalls.myRoleNames(inForce), retry: false, enabled: !!me });

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
            <Descriptions.Item label={t("workbench.role")}>
              {roles.data?.map((name) => <Tag key={name}>{name}</Tag>)}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <TaskStatCard />
      </Col>
      <Col xs={24} lg={16}>
        <ShortcutsCard />
      </Col>
      <Col xs={24} lg={8}>
        <NoticeCard />
      </Col>
      <Col xs={24} lg={16}>
        <ProjectsCard />
      </Col>
    </Row>
  );
}
