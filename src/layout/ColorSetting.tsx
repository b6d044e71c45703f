import { ColorPicker, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { website } from "../config/website";
import { setThemeColor, useThemeSettings } from "./theme-settings";

const presets = ["#409EFF", "#1890ff", "#304156", "#212121", "#11a983", "#13c2c2", "#6959CD", "#f5222d"];

/** The primary-colour picker of §2 (default #409EFF, saved as `themeColor`). */
export function ColorSetting() {
  const { t } = useTranslation();
  const { colorPrimary } = useThemeSettings();
  return (
    <Tooltip title={t("layout.color")}>
      <span>
        <ColorPicker
          size="small"
          value={colorPrimary}
          disabledAlpha
          presets={[{ label: t("layout.color"), colors: [website.themeColor, ...presets.filter((c) => c !== website.themeColor)] }]}
          onChangeComplete={(color) => setThemeColor(color.toHexString())}
          aria-label={t("layout.color")}
        />
      </span>
    </Tooltip>
  );
}
