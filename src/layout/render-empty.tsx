import { Empty } from "antd";
import type { ReactNode } from "react";
import { t } from "../providers/i18n";
import "./i18n";

/**
 * The empty state of §2 (暂无数据) for antd's ConfigProvider `renderEmpty`. Read at render time,
 * so it follows the language (Root re-renders on a language change).
 */
export function renderEmpty(): ReactNode {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("common.empty")} />;
}
