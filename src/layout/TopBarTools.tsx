import { Space } from "antd";
import { ColorSetting } from "./ColorSetting";
import { ErrorLogButton } from "./ErrorLogButton";
import { FullScreenButton } from "./FullScreenButton";
import { LanguageSelect } from "./LanguageSelect";
import { LockButton } from "./LockButton";
import { NoticePopover } from "./NoticePopover";
import { ThemeSetting } from "./ThemeSetting";

/** The top bar's tools after the menu search, left to right; on small screens (§9 level < 2) the decorative ones give way. */
export default function TopBarTools({ wide }: { wide: boolean }) {
  return (
    <Space size={4}>
      {wide && <ColorSetting />}
      <ErrorLogButton />
      <LockButton />
      {wide && <ThemeSetting />}
      {wide && <FullScreenButton />}
      <LanguageSelect />
      <NoticePopover />
    </Space>
  );
}
