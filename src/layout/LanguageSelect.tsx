import { Select } from "antd";
import { useTranslation } from "react-i18next";
import { setLanguage, useLanguage, type Language } from "../providers/i18n";

/** The zh/en switch of §2; the choice is saved by setLanguage (default zh). */
export function LanguageSelect() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Select
      size="small"
      value={language}
      onChange={(v: Language) => void setLanguage(v)}
      options={[{ value: "zh", label: "简体中文" }, { value: "en", label: "English" }]}
      aria-label={t("layout.language")}
      style={{ width: 104 }}
    />
  );
}
