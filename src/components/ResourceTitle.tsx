import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "./useDocumentTitle";

/**
 * Names the browser tab after the resource a route opens (its label key, the menu's own words),
 * so that no resource page is left with the previous page's title or none (§9: set per page).
 */
export function ResourceTitle({ labelKey, children }: { labelKey: string; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(t(labelKey));
  return <>{children}</>;
}
