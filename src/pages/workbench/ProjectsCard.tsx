import { StarFilled, TeamOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Card, Empty, List, Skeleton, Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { workbenchCalls, type ProjectAdmin } from "./calls";

const adminName = (a: ProjectAdmin) => `${a.realName || a.name || a.account} (${a.account})`;

/**
 * 我的项目: the projects of the project pages, favourites first, and their administrators (whom to
 * ask for access or a change). Hidden for a user who may not open the project pages.
 */
export function ProjectsCard() {
  const { t } = useTranslation();
  const projects = useQuery({ queryKey: ["workbench", "projects"], queryFn: workbenchCalls.myProjects, retry: false });
  const admins = useQuery({ queryKey: ["workbench", "projectAdmins"], queryFn: workbenchCalls.projectAdmins, retry: false, enabled: projects.isSuccess });
  if (projects.isError) return null;
  const names = (admins.data ?? []).map(adminName);
  return (
    <Card title={t("workbench.projects.title")}>
      {projects.isPending ? (
        <Skeleton active />
      ) : projects.data.length === 0 ? (
        <Empty description={t("workbench.projects.none")} />
      ) : (
        <>
          <Typography.Paragraph type="secondary" data-testid="project-admins">
            <TeamOutlined /> {t("workbench.projects.admins")}: {names.length ? names.join(t("workbench.projects.separator")) : t("workbench.projects.noAdmins")}
          </Typography.Paragraph>
          <List
            size="small"
            dataSource={projects.data}
            rowKey="id"
            renderItem={(p) => (
              <List.Item extra={p.dbType && <Tag>{p.dbType}</Tag>}>
                <List.Item.Meta
                  title={
                    <Space size={4}>
                      {p.isCollect === 1 && <StarFilled aria-label={t("workbench.projects.favourite")} style={{ color: "#faad14" }} />}
                      <span>{p.projectName}</span>
                    </Space>
                  }
                  description={[p.description, p.userCount !== undefined ? t("workbench.projects.members", { count: p.userCount }) : ""].filter(Boolean).join(" · ")}
                />
              </List.Item>
            )}
          />
        </>
      )}
    </Card>
  );
}
