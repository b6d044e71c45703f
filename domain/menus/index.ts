export * from "./entry";
export { PAGES } from "./pages";
export { MENU_TREE, TOP_MENUS, USER_ROLE_BUTTON_CODES, USER_ROLE_MENU_CODES, type TopMenuEntry } from "./tree";
