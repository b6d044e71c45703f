import type { FormRule } from "antd";
import { checkRules, type Lang, type Rule } from "../../domain/validation";
import { currentLanguage } from "../providers/i18n";

/**
 * One antd rule from a list of domain/validation rules, so a dialog refuses exactly what the server
 * refuses, in the spec's words and the current language. `required` only draws the asterisk.
 */
export function toAntdRule(rules: (lang: Lang) => Rule[]): FormRule {
  const lang = currentLanguage();
  return {
    required: rules(lang).some((r) => r.required),
    validator: async (_rule, value) => {
      const message = checkRules(value, rules(currentLanguage()), currentLanguage());
      if (message) throw new Error(message);
    },
  };
}
