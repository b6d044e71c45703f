import { theme, Tooltip } from "antd";
import { lazy, Suspense, useState, type ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { website } from "../config/website";
import { setThemeColor, useThemeSettings } from "./theme-settings";

const presets = ["#409EFF", "#1890ff", "#304156", "#212121", "#11a983", "#13c2c2", "#6959CD", "#f5222d"];

// antd's ColorPicker brings a slider, number inputs, segmented and collapse controls (~50 kB gz):
// its code is fetched when a person reaches for the swatch (hover or focus) and shown on a click,
// not loaded with every page.
const loadPicker = () => import("antd/es/color-picker");
const ColorPicker = lazy(loadPicker);

/** The picker's trigger: a small swatch of the current colour (the picker clones it with its handlers). */
function Swatch({ color, ...button }: { color: string } & ComponentProps<"button">) {
  // The small picker's trigger in the theme's own border and background (the dark theme included).
  const { token } = theme.useToken();
  const frame = { width: token.controlHeightSM, height: token.controlHeightSM, padding: 3, borderRadius: token.borderRadiusSM };
  return (
    <button
      type="button"
      {...button}
      style={{ ...frame, border: `1px solid ${token.colorBorder}`, background: token.colorBgContainer, cursor: "pointer", verticalAlign: "middle" }}
    >
      <span style={{ display: "block", width: "100%", height: "100%", borderRadius: 2, background: color }} />
    </button>
  );
}

/** The primary-colour picker of §2 (default #409EFF, saved as `themeColor`). */
export function ColorSetting() {
  const { t } = useTranslation();
  const { colorPrimary } = useThemeSettings();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const label = t("layout.color");
  const show = () => {
    setLoaded(true);
    setOpen(true);
  };
  const first = <Swatch color={colorPrimary} aria-label={label} onMouseEnter={() => void loadPicker()} onFocus={() => void loadPicker()} onClick={show} />;
  return (
    <Tooltip title={label}>
      <span>
        {loaded ? (
          <Suspense fallback={first}>
            <ColorPicker
              size="small"
              value={colorPrimary}
              disabledAlpha
              open={open}
              onOpenChange={setOpen}
              presets={[{ label, colors: [website.themeColor, ...presets.filter((c) => c !== website.themeColor)] }]}
              onChangeComplete={(color) => setThemeColor(color.toHexString())}
            >
              {/* Replaces the first swatch under the pointer or the keyboard's focus: keep the focus on it. */}
              <Swatch color={colorPrimary} aria-label={label} aria-haspopup="dialog" aria-expanded={open} autoFocus />
            </ColorPicker>
          </Suspense>
        ) : (
          first
        )}
      </span>
    </Tooltip>
  );
}
