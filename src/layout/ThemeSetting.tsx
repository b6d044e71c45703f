import { BgColorsOutlined } from "@ant-design/icons";
import { Button, Dropdown, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { setThemeName, useThemeSettings } from "./theme-settings";
import { THEME_NAMES, themes, type ThemeName } from "./themes";

/** The theme chooser of §2 with the 11 themes of §9 (saved as `themeName`). */
export function ThemeSetting() {
  const { t } = useTranslation();
  const { themeName } = useThemeSettings();
  return (
    <Dropdown
      trigger={["click"]}
      menu={{
        selectable: true,
        selectedKeys: [themeName],
        onClick: ({ key }) => setThemeName(key as ThemeName),
        items: THEME_NAMES.map((name) => ({
          key: name,
          label: t(`layout.theme.names.${name}`),
          icon: <span aria-hidden style={{ display: "inline-block", width: 12, height: 12, borderRadius: 2, background: themes[name].siderBg, border: `2px solid ${themes[name].primary}` }} />,
        })),
      }}
    >
      <Tooltip title={t("layout.theme.title")}>
        <Button type="text" icon={<BgColorsOutlined />} aria-label={t("layout.theme.title")} />
      </Tooltip>
    </Dropdown>
  );
}
