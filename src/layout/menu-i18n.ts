import { MENU_TREE, TOP_MENUS, menuWords } from "../../domain/menus";
import { addTranslations } from "../providers/i18n";
import { SHARED_BUTTON_ALIASES } from "./shared-buttons";

// The names of the platform's menus by code and of its buttons by alias (by code where two menus
// give one alias different names), from the one registry (domain/menus) the server seeds its
// menus from: zh is the server's own wording, so a server menu whose code is not there shows its
// server name. add, delete, view, export and import are the console's shared action words.
const words = (lng: "zh" | "en") => menuWords(MENU_TREE, TOP_MENUS, lng, SHARED_BUTTON_ALIASES);
const zh = words("zh");
const en = words("en");
addTranslations("menuName", { zh: zh.menuName, en: en.menuName });
addTranslations("buttonName", { zh: zh.buttonName, en: en.buttonName });
