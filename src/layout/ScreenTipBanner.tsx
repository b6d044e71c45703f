import { Alert, Button } from "antd";
import { useTranslation } from "react-i18next";

/** The §2 banner itself (ScreenTip.tsx decides when it shows). */
export default function ScreenTipBanner({ onClose, onNever }: { onClose: () => void; onNever: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      banner
      closable
      type="warning"
      message={t("layout.screenTip.text")}
      onClose={onClose}
      action={<Button size="small" type="link" onClick={onNever}>{t("layout.screenTip.never")}</Button>}
    />
  );
}
