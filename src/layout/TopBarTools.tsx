import { Space } from "antd";
import { ColorSetting } from "./ColorSetting";
import { ErrorLogButton } from "./ErrorLogButton";
import { FullScreenButton } from "./FullScreenButton";
import { LanguageSelect } from "./LanguageSelect";
import { LockButton } from "./LockButton";
import { MenuSearch } from "./MenuSearch";
import { NoticePopover } from "./NoticePopover";
import { ThemeSetting } from "./ThemeSetting";

/** The top bar's tools, left to right; on small screens (§9 level < 2) the decorative ones give way. */
export default function TopBarTools({ wide }: { wide: boolean }) {
  return (
    <Space size={4}>
      <MenuSearch />
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
