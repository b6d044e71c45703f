import { Tabs, type TabsProps } from "antd";

/**
 * Tabs inside a page (会话管理, 菜单管理's top menus, 角色策略 …): one style on every page, antd's
 * line tabs. The card style belongs to the tag bar of opened pages, so a page's own tabs never look
 * like it.
 */
export function PageTabs(props: Omit<TabsProps, "type">) {
  return <Tabs {...props} type="line" />;
}
